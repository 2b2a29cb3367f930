import { describe, expect, it } from 'vitest'
import { isLoopbackAddress, newSetupCode, setupCodeMatches } from './setup-code'

describe('setup code', () => {
  it('draws readable codes without look-alike characters, different each time', () => {
    const codes = new Set(Array.from({ length: 200 }, () => newSetupCode()))
    expect(codes.size).toBe(200)
    for (const code of codes) expect(code).toMatch(/^[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}$/)
  })

  it('matches a code typed in any case, with spaces or without the dash, and nothing else', () => {
    expect(setupCodeMatches('K7QM-3XPT', 'K7QM-3XPT')).toBe(true)
    expect(setupCodeMatches('K7QM-3XPT', ' k7qm 3xpt')).toBe(true)
    expect(setupCodeMatches('K7QM-3XPT', 'k7qm3xpt')).toBe(true)
    for (const typed of [undefined, '', 'K7QM-3XP', 'K7QM-3XPTT', 'K7QM-3XPS']) expect(setupCodeMatches('K7QM-3XPT', typed)).toBe(false)
  })

  it('counts only loopback connections as this computer', () => {
    for (const address of ['127.0.0.1', '127.0.0.2', '::1', '::ffff:127.0.0.1']) expect(isLoopbackAddress(address)).toBe(true)
    for (const address of ['192.168.1.20', '10.0.0.5', '::ffff:192.168.1.20', 'fd00::2', '0.0.0.0', '']) expect(isLoopbackAddress(address)).toBe(false)
  })
})
