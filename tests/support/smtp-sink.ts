// A real SMTP server for tests (codes are read from a real SMTP sink). Each message is written to
// `dir` as a JSON file: { to: string[], from, raw }.
import fs from 'node:fs'
import path from 'node:path'
import { SMTPServer } from 'smtp-server'

export async function startSmtpSink(port: number, dir: string) {
  fs.mkdirSync(dir, { recursive: true })
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8')
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase())
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : ''
        const file = path.join(dir, `${Date.now()}-${Math.random().toString(36).slice(2)}.json`)
        fs.writeFileSync(file, JSON.stringify({ to, from, raw, at: Date.now() }))
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  return { close: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}

type Mail = { to: string[]; from: string; raw: string; at: number }

/** Decodes quoted-printable soft breaks so codes and links read as plain text. */
function plain(raw: string) {
  return raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=')
}

export function mailsTo(dir: string, email: string): Mail[] {
  if (!fs.existsSync(dir)) return []
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as Mail)
    .filter((m) => m.to.includes(email.toLowerCase()))
    .map((m) => ({ ...m, raw: plain(m.raw) }))
    .sort((a, b) => a.at - b.at)
}

/** Waits for a mail to `email` newer than `since` and returns it. */
export async function waitForMail(dir: string, email: string, since = 0, timeoutMs = 10_000): Promise<Mail> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const mail = mailsTo(dir, email)
      .filter((m) => m.at >= since)
      .at(-1)
    if (mail) return mail
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`No mail to ${email} within ${timeoutMs} ms`)
}

/** The one-time code in a mail: the first 6-digit number in its body. */
export function codeFrom(mail: Mail): string {
  const body = mail.raw
    .split(/\r?\n\r?\n/)
    .slice(1)
    .join('\n')
  const match = body.match(/\b(\d{6})\b/)
  if (!match) throw new Error('No 6-digit code in mail')
  return match[1]
}
