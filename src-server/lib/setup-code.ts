import { randomInt, timingSafeEqual } from 'node:crypto'
import { isIP } from 'node:net'

// No 0/O, 1/I/L: the code is read off a screen and typed on a phone.
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789'

/** A one-time code (about 40 bits, `ABCD-EFGH`) that lets another device create the first account. */
export function newSetupCode(): string {
  const characters = Array.from({ length: 8 }, () => ALPHABET[randomInt(ALPHABET.length)])
  return `${characters.slice(0, 4).join('')}-${characters.slice(4).join('')}`
}

/** Compares a typed code with the server's, ignoring case, spaces and dashes, in constant time. */
export function setupCodeMatches(expected: string, typed: string | undefined): boolean {
  if (typed === undefined) return false
  const normalise = (code: string) => Buffer.from(code.toUpperCase().replace(/[\s-]/g, ''), 'utf8')
  const [a, b] = [normalise(expected), normalise(typed)]
  return a.length === b.length && timingSafeEqual(a, b)
}

/** True for a connection from this computer's loopback interface (IPv4 127/8, IPv6 ::1, or mapped). */
export function isLoopbackAddress(address: string): boolean {
  const plain = address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address
  if (isIP(plain) === 4) return plain.startsWith('127.')
  return plain === '::1'
}
