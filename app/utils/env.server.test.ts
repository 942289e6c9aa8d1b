import { describe, expect, test } from 'vitest'
import { parseEnv } from './env.server'

describe('environment', () => {
  test('every variable has an embedded default', () => {
    const env = parseEnv({})
    expect(env.PORT).toBe(3000)
    expect(env.DATABASE_PATH).toBe('./data/app.db')
    expect(env.RATE_LIMIT).toBe('on')
    expect(env.CORS_ORIGINS).toEqual([])
    expect(env.JOBS_INTERVAL_SECONDS).toBe(300)
  })

  test('JOBS_INTERVAL_SECONDS: whole seconds from 10 to a day', () => {
    expect(parseEnv({ JOBS_INTERVAL_SECONDS: '60' }).JOBS_INTERVAL_SECONDS).toBe(60)
    for (const bad of ['0', '5', '1.5', 'often', '86401'])
      expect(() => parseEnv({ JOBS_INTERVAL_SECONDS: bad })).toThrow(
        /^Invalid environment variable JOBS_INTERVAL_SECONDS/,
      )
  })

  test('one clear line per bad variable', () => {
    let message = ''
    try {
      parseEnv({ PORT: 'eighty', APP_URL: 'not a url', RATE_LIMIT: 'maybe' })
    } catch (error) {
      message = (error as Error).message
    }
    const lines = message.split('\n')
    expect(lines).toHaveLength(3)
    expect(lines.some((l) => l.startsWith('Invalid environment variable PORT'))).toBe(true)
    expect(lines.some((l) => l.startsWith('Invalid environment variable APP_URL'))).toBe(true)
    expect(lines.some((l) => l.startsWith('Invalid environment variable RATE_LIMIT'))).toBe(true)
  })

  test('production requires SESSION_SECRET', () => {
    expect(() => parseEnv({ APP_ENV: 'production' })).toThrow(/SESSION_SECRET: is required when APP_ENV=production/)
    expect(parseEnv({ APP_ENV: 'production', SESSION_SECRET: 's1,s2' }).SESSION_SECRET).toBe('s1,s2')
  })

  test('CORS_ORIGINS is a comma-separated list of origins', () => {
    expect(parseEnv({ CORS_ORIGINS: 'https://a.example, https://b.example/' }).CORS_ORIGINS).toEqual([
      'https://a.example',
      'https://b.example',
    ])
    expect(() => parseEnv({ CORS_ORIGINS: 'nope' })).toThrow(/CORS_ORIGINS/)
  })

  test('empty strings count as unset', () => {
    expect(parseEnv({ PORT: '', SMTP_URL: '' }).PORT).toBe(3000)
  })

  test('tax invoices: GSTIN checked, with the business named; SAC and rate defaults', () => {
    const seller = {
      BUSINESS_NAME: 'BioCoach',
      BUSINESS_ADDRESS: 'Serampore, West Bengal',
      BUSINESS_STATE: 'west bengal',
    }
    const env = parseEnv({ GSTIN: ' 19aaacb1234c1zc ', ...seller })
    expect(env).toMatchObject({ GSTIN: '19AAACB1234C1ZC', BUSINESS_STATE: '19', INVOICE_SAC: '999293', GST_RATE: 1800 })
    expect(parseEnv({ GST_RATE: '12.5', BUSINESS_STATE: '7' })).toMatchObject({ GST_RATE: 1250, BUSINESS_STATE: '07' })
    expect(() => parseEnv({ GSTIN: '19AAACB1234C1ZD', ...seller })).toThrow(
      /^Invalid environment variable GSTIN: has a wrong check character/,
    )
    expect(() => parseEnv({ GSTIN: '19AAACB1234C1Z', ...seller })).toThrow(/GSTIN: must be 15 characters/)
    expect(() => parseEnv({ GSTIN: '27AAACB1234C1ZF', ...seller })).toThrow(
      /GSTIN: starts with state code 27, but BUSINESS_STATE is 19/,
    )
    let message = ''
    try {
      parseEnv({ GSTIN: '19AAACB1234C1ZC' })
    } catch (error) {
      message = (error as Error).message
    }
    expect(message.split('\n')).toEqual([
      'Invalid environment variable BUSINESS_NAME: is required with GSTIN (tax invoices)',
      'Invalid environment variable BUSINESS_ADDRESS: is required with GSTIN (tax invoices)',
      'Invalid environment variable BUSINESS_STATE: is required with GSTIN (tax invoices)',
    ])
    expect(() => parseEnv({ BUSINESS_STATE: 'Atlantis' })).toThrow(/BUSINESS_STATE: must name an Indian state/)
    expect(() => parseEnv({ INVOICE_SAC: '99-92' })).toThrow(/INVOICE_SAC: must be 4 to 8 digits/)
    expect(() => parseEnv({ GST_RATE: '18%' })).toThrow(/GST_RATE: must be a percentage/)
  })
})
