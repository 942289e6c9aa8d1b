import fs from 'node:fs'
import path from 'node:path'
import nodemailer from 'nodemailer'
import { BRAND_NAME } from '~/lib/constants'
import { getEnv } from '~/utils/env.server'

export type MailAttachment = { filename: string; content: Buffer; contentType: string }
export type Mail = { to: string; subject: string; text: string; html?: string; attachments?: MailAttachment[] }

export interface Mailer {
  send(mail: Mail): Promise<void>
}

/** SMTP through nodemailer (SMTP_URL). */
function smtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url)
  return {
    async send(mail) {
      await transport.sendMail({ from, ...mail })
    },
  }
}

/** The embedded default: each message is logged and written to data/outbox/. */
function outboxMailer(dir: string): Mailer {
  return {
    async send(mail) {
      fs.mkdirSync(dir, { recursive: true })
      const file = path.join(
        dir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${Math.random().toString(36).slice(2, 8)}.txt`,
      )
      // Attachments are named, not written: one file per message keeps the outbox easy to read (and to test).
      const attached = (mail.attachments ?? []).map((a) => `Attached: ${a.filename} (${a.content.length} bytes)\n`)
      fs.writeFileSync(file, `To: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}\n${attached.join('')}`)
      console.log(`[mail] to=${mail.to} subject="${mail.subject}" (written to ${file})`)
    },
  }
}

let mailer: Mailer | undefined
function getMailer(): Mailer {
  if (!mailer) {
    const env = getEnv()
    const from = env.MAIL_FROM ?? `${BRAND_NAME} <no-reply@biocoach.example>`
    mailer = env.SMTP_URL ? smtpMailer(env.SMTP_URL, from) : outboxMailer(env.OUTBOX_DIR)
  }
  return mailer
}

export class MailError extends Error {}

/**
 * Sends a mail. Failures become a MailError with a message fit for a user; the raw transport error is only
 * logged (a mail that cannot be sent gives a clear message, never a raw error).
 */
export async function sendMail(mail: Mail): Promise<void> {
  try {
    await getMailer().send(mail)
  } catch (error) {
    console.error('[mail] send failed:', error)
    throw new MailError('We could not send the e-mail right now. Please try again in a few minutes.')
  }
}

/** For notifications that must not fail the action that caused them (enrolment, access changes). */
export async function sendMailQuietly(mail: Mail): Promise<boolean> {
  try {
    await sendMail(mail)
    return true
  } catch {
    return false
  }
}
