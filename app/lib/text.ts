import { TESTIMONIAL_MAX_CHARS } from './constants'

/**
 * Cuts text after `max` characters and adds an ellipsis (testimonials are truncated after 210
 * characters). Text that fits is returned unchanged. Trailing spaces before the ellipsis are dropped.
 * Counts code points, so an emoji or a Bengali character is never split in half.
 */
export function truncate(text: string, max: number = TESTIMONIAL_MAX_CHARS): string {
  const chars = Array.from(text)
  if (chars.length <= max) return text
  return chars.slice(0, Math.max(0, max)).join('').trimEnd() + '...'
}

/** True when `truncate` would cut the text (decides whether a See more toggle is needed). */
export const isTruncated = (text: string, max: number = TESTIMONIAL_MAX_CHARS) => Array.from(text).length > max

// Control characters other than tab, line feed and carriage return: no one types them, PostgreSQL refuses U+0000
// in text ("invalid byte sequence"), and one before "=" would hide a formula from a spreadsheet guard.
// docs/decisions/019-input-at-the-edge.md: every body's text is cleaned of them at the edge.
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g

/** The text without control characters (tab, line feed and carriage return stay). */
export const withoutControlCharacters = (text: string) => text.replace(CONTROL_CHARACTERS, '')

/** True when the text holds a control character other than tab, line feed and carriage return. */
export const hasControlCharacters = (text: string) => new RegExp(CONTROL_CHARACTERS.source).test(text)

/** An e-mail address as accounts are keyed by it: trimmed and lower-cased. */
export const normaliseEmail = (email: string) => email.trim().toLowerCase()
