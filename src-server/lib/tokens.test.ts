import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { createTokenService } from './tokens'

const SECRET = 'f'.repeat(32) + 'é'.repeat(16) + '0123456789abcdef'
const now = () => new Date(Date.UTC(2026, 10, 24, 12))
const base64url = (text: string) => Buffer.from(text, 'utf8').toString('base64url')

/** An HS256 token made by hand: the install's secret text (UTF-8) as the HMAC key. */
function handMade(payload: object): string {
  const signed = `${base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64url(JSON.stringify(payload))}`
  return `${signed}.${createHmac('sha256', Buffer.from(SECRET, 'utf8')).update(signed).digest('base64url')}`
}

describe('session tokens', () => {
  it('are signed with the secret text as the HMAC key, so tokens issued before stay valid', () => {
    const tokens = createTokenService(SECRET, now)
    const issued = tokens.issue('session', { userId: 7, version: 2 })
    const iat = Math.floor(now().getTime() / 1000)
    const { jti } = JSON.parse(Buffer.from(issued.split('.')[1] ?? '', 'base64url').toString('utf8')) as { jti: string }
    expect(issued).toBe(handMade({ sub: '7', pur: 'session', ver: 2, iat, jti, exp: iat + 30 * 24 * 3600 }))
    // Each token is unique, also two issued in the same second (a password change keeps one by its hash).
    expect(jti).toMatch(/^[\w-]{12}$/)
    expect(tokens.issue('session', { userId: 7, version: 2 })).not.toBe(issued)
    expect(tokens.verify('session', handMade({ sub: '8', pur: 'session', ver: 0, iat, exp: iat + 60 }))).toEqual({ userId: 8, version: 0 })
  })

  it('refuses a token signed with another secret, or of another purpose', () => {
    const tokens = createTokenService(SECRET, now)
    const other = createTokenService(SECRET.replace('0', '1'), now)
    expect(() => tokens.verify('session', other.issue('session', { userId: 7, version: 0 }))).toThrow('invalid token')
    expect(() => tokens.verify('session', tokens.issue('password_reset', { userId: 7, version: 0 }))).toThrow('invalid token')
  })

  it('still expire on time once their signature has been checked, and a forged copy is still refused', () => {
    let clock = now().getTime()
    const tokens = createTokenService(SECRET, () => new Date(clock))
    const iat = Math.floor(clock / 1000)
    const token = handMade({ sub: '8', pur: 'session', ver: 0, iat, exp: iat + 60 })
    expect(tokens.verify('session', token)).toEqual({ userId: 8, version: 0 })
    clock += 59_999
    expect(tokens.verify('session', token)).toEqual({ userId: 8, version: 0 })
    clock += 1
    expect(() => tokens.verify('session', token)).toThrow('signature expired')
    expect(() => tokens.verify('session', token)).toThrow('signature expired')
    const reset = handMade({ sub: '8', pur: 'password_reset', ver: 0, iat: iat + 60, exp: iat + 120 })
    expect(tokens.verify('password_reset', reset)).toEqual({ userId: 8, version: 0 })
    expect(() => tokens.verify('session', reset)).toThrow('invalid token')
    const forged = `${reset.slice(0, reset.lastIndexOf('.'))}.${'A'.repeat(43)}`
    expect(() => tokens.verify('password_reset', forged)).toThrow('invalid token')
    clock += 60_000
    expect(() => tokens.verify('password_reset', reset)).toThrow('invalid token')
  })
})
