// Shared facts about the e2e run: ports, folders and the server's environment. Every value can be moved by
// env vars so several runs (or helpers) can use the machine at once.
import path from 'node:path'

const base = Number(process.env.E2E_PORT ?? 3100)
export const E2E = {
  port: base,
  baseURL: `http://localhost:${base}`,
  smtpPort: base + 1,
  // Stand-ins added by later issues take base + 2 onwards (Razorpay-shaped, OpenAI-shaped, S3).
  razorpayPort: base + 2,
  openaiPort: base + 3,
  s3Port: base + 4,
  tmpDir: path.resolve('tests/.tmp', `e2e-${base}`),
  buildDir: process.env.BUILD_DIR ?? 'build',
  sessionSecret: 'e2e-session-secret',
}
export const paths = {
  db: path.join(E2E.tmpDir, 'app.db'),
  mail: path.join(E2E.tmpDir, 'mail'),
  uploads: path.join(E2E.tmpDir, 'uploads'),
}

/** The environment the app server runs with in e2e tests. */
export function serverEnv(): Record<string, string> {
  return {
    PORT: String(E2E.port),
    BUILD_DIR: E2E.buildDir,
    DATABASE_PATH: paths.db,
    SEED_DEMO: 'true',
    RATE_LIMIT: 'off',
    SESSION_SECRET: E2E.sessionSecret,
    SMTP_URL: `smtp://127.0.0.1:${E2E.smtpPort}`,
    MAIL_FROM: 'BioCoach <no-reply@biocoach.example>',
    UPLOADS_DIR: paths.uploads,
    CORS_ORIGINS: 'http://allowed.example',
    // A GST-registered seller, so paid orders get numbered tax invoices (tests/e2e/receipts.spec.ts).
    GSTIN: '19AAACB1234C1ZC',
    BUSINESS_NAME: 'BioCoach Academy',
    BUSINESS_ADDRESS: '12 College Street, Kolkata 700073',
    BUSINESS_STATE: 'West Bengal',
    // The PostgreSQL run of the browser suite (scripts/test.mjs): the same flows on a fresh PostgreSQL database.
    ...(process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : {}),
  }
}
