import { z } from 'zod'
import { gstinProblem, parseGstRate } from '~/lib/gst'
import { findState } from '~/lib/indian-states'

// Every variable optional with an embedded default, parsed once at start-up.
const bool = z.enum(['true', 'false']).transform((v) => v === 'true')
const url = z.url()

const schema = z
  .object({
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    HOST: z.string().min(1).optional(),
    DATABASE_PATH: z.string().min(1).default('./data/app.db'),
    // Set: PostgreSQL instead of the SQLite file (several app instances may share it; decision 009).
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
    // Local folders for the dev outbox and uploads without SMTP / S3 (tests point them at temporary folders).
    OUTBOX_DIR: z.string().min(1).default('data/outbox'),
    UPLOADS_DIR: z.string().min(1).optional(),
    APP_ENV: z.enum(['production', 'development', 'test']).optional(),
    SESSION_SECRET: z.string().min(1).optional(),
    APP_URL: url.optional(),
    SEED_DEMO: bool.optional(),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
    MAIL_FROM: z.string().min(3).optional(),
    S3_BUCKET: z.string().min(1).optional(),
    S3_ENDPOINT: url.optional(),
    AWS_ENDPOINT_URL_S3: url.optional(),
    S3_REGION: z.string().min(1).optional(),
    AWS_ACCESS_KEY_ID: z.string().min(1).optional(),
    AWS_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    RAZORPAY_KEY_ID: z.string().min(1).optional(),
    RAZORPAY_KEY_SECRET: z.string().min(1).optional(),
    RAZORPAY_WEBHOOK_SECRET: z.string().min(1).optional(),
    RAZORPAY_API_URL: url.optional(),
    RAZORPAY_CHECKOUT_URL: url.optional(),
    OPENAI_API_KEY: z.string().min(1).optional(),
    OPENAI_BASE_URL: url.optional(),
    OPENAI_MODEL: z.string().min(1).optional(),
    RATE_LIMIT: z.enum(['on', 'off']).default('on'),
    // How often the in-app sweep (reminders, class notices) runs, in seconds; it also runs at start.
    JOBS_INTERVAL_SECONDS: z.coerce.number().int().min(10).max(86_400).default(300),
    // Lecture video (docs/decisions/033-lecture-video.md): the largest upload in MB, and how many transcodes this
    // instance runs at once (0: it only serves; `npm run worker` runs them elsewhere).
    VIDEO_MAX_MB: z.coerce.number().int().min(1).max(20_480).default(2048),
    VIDEO_WORKERS: z.coerce.number().int().min(0).max(8).default(1),
    // The staging space resumable video uploads may hold, in MB, per staff member and in all (decision 040); unset:
    // twice and four times VIDEO_MAX_MB (app/lib/video/upload-rules.ts, stagingQuotaMb).
    VIDEO_STAGING_STAFF_MB: z.coerce.number().int().min(1).max(1_048_576).optional(),
    VIDEO_STAGING_TOTAL_MB: z.coerce.number().int().min(1).max(1_048_576).optional(),
    // The seller on receipts and tax invoices (app/models/money/documents.server.ts). With GSTIN set every paid order gets a
    // numbered tax invoice, so the business's name, address and state must be set too (checked below).
    GSTIN: z
      .string()
      .transform((v) => v.trim().toUpperCase())
      .superRefine((v, ctx) => {
        const problem = gstinProblem(v)
        if (problem) ctx.addIssue({ code: 'custom', message: problem })
      })
      .optional(),
    BUSINESS_NAME: z.string().trim().min(1).max(200).optional(),
    BUSINESS_ADDRESS: z.string().trim().min(1).max(500).optional(),
    // A state or union territory, by name ('West Bengal') or GST state code ('19'); read as the code.
    BUSINESS_STATE: z
      .string()
      .transform((v, ctx) => {
        const state = findState(v)
        if (state) return state.code
        ctx.addIssue({
          code: 'custom',
          message: 'must name an Indian state or union territory, or give its 2-digit GST code (West Bengal or 19)',
        })
        return z.NEVER
      })
      .optional(),
    INVOICE_SAC: z
      .string()
      .regex(/^\d{4,8}$/, 'must be 4 to 8 digits (coaching is 999293)')
      .default('999293'),
    // Percent, up to two decimals; read as basis points (18 -> 1800), so tax arithmetic stays in integers.
    GST_RATE: z
      .string()
      .default('18')
      .transform((v, ctx) => {
        const bp = parseGstRate(v)
        if (bp !== undefined) return bp
        ctx.addIssue({ code: 'custom', message: 'must be a percentage from 0 to 100 with at most two decimals' })
        return z.NEVER
      }),
    TRUST_PROXY: z.enum(['fly']).optional(),
    CORS_ORIGINS: z
      .string()
      .optional()
      .transform((v) =>
        v
          ? v
              .split(',')
              .map((s) => s.trim().replace(/\/$/, ''))
              .filter(Boolean)
          : [],
      )
      .pipe(z.array(url)),
  })
  .superRefine((env, ctx) => {
    if (env.APP_ENV === 'production' && !env.SESSION_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['SESSION_SECRET'], message: 'is required when APP_ENV=production' })
    }
    if (env.GSTIN) {
      for (const name of ['BUSINESS_NAME', 'BUSINESS_ADDRESS', 'BUSINESS_STATE'] as const)
        if (!env[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'is required with GSTIN (tax invoices)' })
      if (env.BUSINESS_STATE && env.GSTIN.slice(0, 2) !== env.BUSINESS_STATE)
        ctx.addIssue({
          code: 'custom',
          path: ['GSTIN'],
          message: `starts with state code ${env.GSTIN.slice(0, 2)}, but BUSINESS_STATE is ${env.BUSINESS_STATE}`,
        })
    }
    if (env.RAZORPAY_KEY_ID && !env.RAZORPAY_KEY_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['RAZORPAY_KEY_SECRET'], message: 'is required with RAZORPAY_KEY_ID' })
    }
  })

export type Env = z.infer<typeof schema>

/** Parses an env object; throws one line per bad variable so an operator sees exactly what to fix. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  // Empty strings count as unset (a blank line in fly.toml or docker -e FOO=).
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''))
  const result = schema.safeParse(cleaned)
  if (result.success) return result.data
  const lines = result.error.issues.map((i) => `Invalid environment variable ${String(i.path[0])}: ${i.message}`)
  throw new Error(lines.join('\n'))
}

let cached: Env | undefined
export function getEnv(): Env {
  cached ??= parseEnv(process.env)
  return cached
}

export const isProduction = () => getEnv().APP_ENV === 'production'

/** Razorpay's own checkout host: where checkout.js and the hosted page live unless RAZORPAY_CHECKOUT_URL names another. */
export const RAZORPAY_CHECKOUT = 'https://checkout.razorpay.com'

/** Razorpay takes the payments when its keys are set; without them the demo gateway does. */
export function razorpayConfigured(env = getEnv()): boolean {
  return Boolean(env.RAZORPAY_KEY_ID && env.RAZORPAY_KEY_SECRET)
}

export function sessionSecrets(): string[] {
  const secret = getEnv().SESSION_SECRET
  return secret
    ? secret
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : ['dev-only-secret-change-me']
}

export const rateLimitsOn = () => getEnv().RATE_LIMIT !== 'off'
