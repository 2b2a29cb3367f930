import { createHash, randomBytes, randomInt } from 'node:crypto'

/** A URL-safe random token for e-mail links (256 bits). */
export function randomToken(): string {
  return randomBytes(32).toString('base64url')
}

/** Tokens are stored hashed so a copy of the database cannot be used to confirm or take over accounts. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789'

/** A random password without look-alike characters, for administrators to hand over. */
export function randomPassword(length = 16): string {
  let password = ''
  for (let i = 0; i < length; i += 1) password += PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)]
  return password
}
