import { describe, expect, test } from 'vitest'
import { attachmentHeader, forceHttps, noteStorageKey, sanitiseDownloadName } from './note-url'

describe('forceHttps', () => {
  test('rewrites http to https and keeps the rest', () => {
    expect(forceHttps('http://res.cloudinary.com/x/upload/v1/a.pdf?x=1')).toBe(
      'https://res.cloudinary.com/x/upload/v1/a.pdf?x=1',
    )
    expect(forceHttps('https://example.com/a.pdf')).toBe('https://example.com/a.pdf')
    expect(forceHttps('http://example.com:80/a.pdf')).toBe('https://example.com/a.pdf')
  })
  test('refuses non-web schemes and garbage', () => {
    expect(forceHttps('javascript:alert(1)')).toBeNull()
    expect(forceHttps('file:///etc/passwd')).toBeNull()
    expect(forceHttps('not a url')).toBeNull()
  })
})

describe('sanitiseDownloadName', () => {
  test('keeps a readable name with the extension', () => {
    expect(sanitiseDownloadName('Cell Biology — Notes 1', 'pdf')).toBe('Cell-Biology-Notes-1.pdf')
  })
  test('strips path parts, quotes and leading dots', () => {
    expect(sanitiseDownloadName('../../etc/passwd', 'pdf')).toBe('etc-passwd.pdf')
    expect(sanitiseDownloadName('"evil"\r\nX-Header: 1', 'docx')).toBe('evil-X-Header-1.docx')
    expect(sanitiseDownloadName('...hidden', 'pdf')).toBe('hidden.pdf')
  })
  test('falls back to notes and does not double the extension', () => {
    expect(sanitiseDownloadName('', 'pdf')).toBe('notes.pdf')
    expect(sanitiseDownloadName(null, 'pptx')).toBe('notes.pptx')
    expect(sanitiseDownloadName('Chapter.PDF', 'pdf')).toBe('Chapter.pdf')
  })
  test('limits the length', () => {
    expect(sanitiseDownloadName('a'.repeat(500), 'pdf').length).toBe(84)
  })
})

describe('noteStorageKey', () => {
  test('accepts our keys only', () => {
    expect(noteStorageKey('notes/0123456789abcdef01234567.pdf')).toBe('notes/0123456789abcdef01234567.pdf')
    expect(noteStorageKey('/uploads/notes/0123456789abcdef01234567.docx')).toBe('notes/0123456789abcdef01234567.docx')
    expect(noteStorageKey('notes/../../secret.pdf')).toBeNull()
    expect(noteStorageKey('https://example.com/notes/a.pdf')).toBeNull()
  })
})

test('attachmentHeader quotes safely', () => {
  expect(attachmentHeader('a.pdf')).toBe(`attachment; filename="a.pdf"; filename*=UTF-8''a.pdf`)
})
