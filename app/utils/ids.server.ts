import crypto from 'node:crypto'

export function newId(): string {
  return crypto.randomBytes(12).toString('hex')
}

export const nowIso = () => new Date().toISOString()
