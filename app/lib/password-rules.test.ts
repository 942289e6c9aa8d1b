import { describe, expect, it } from 'vitest'
import { passwordProblems, PASSWORD_RULES } from './password-rules'

describe('password rules', () => {
  it('accepts a password that meets every rule', () => {
    expect(passwordProblems('Learn@12345')).toEqual([])
  })

  it('lists every broken rule together, with the exact messages', () => {
    expect(passwordProblems('')).toEqual([
      'Password must be at least 8 characters long.',
      'Password must contain at least one special character.',
      'Password must contain at least one uppercase letter.',
      'Password must contain at least one lowercase letter.',
      'Password must contain at least one digit.',
    ])
  })

  it.each([
    ['Ab1!xyz', 'Password must be at least 8 characters long.'],
    ['Abcdefg1', 'Password must contain at least one special character.'],
    ['abcdef1!', 'Password must contain at least one uppercase letter.'],
    ['ABCDEF1!', 'Password must contain at least one lowercase letter.'],
    ['Abcdefg!', 'Password must contain at least one digit.'],
  ])('%s breaks exactly one rule', (pw, message) => {
    expect(passwordProblems(pw)).toEqual([message])
  })

  it('counts a space or unicode symbol as a special character', () => {
    expect(passwordProblems('Abcdefg 1')).toEqual([])
    expect(passwordProblems('Abcdefg₹1')).toEqual([])
  })

  it('has five rules', () => expect(PASSWORD_RULES).toHaveLength(5))
})
