import { TESTIMONIAL_MAX_CHARS } from './constants'

/**
 * Cuts text after `max` characters and adds an ellipsis (spec 1 §9: testimonials are truncated after 210
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
