import { describe, expect, it } from 'vitest'
import { isKnownTimezone, isValidEmail, passwordProblems, registrationProblems } from './accounts'

/** The reference tracker's registration rules: usernames of 3 to 30 letters, digits or `_`, passwords of 8 or more. */
const valid = { username: 'sam_42', email: 'sam@example.org', password: '12345678', password_conf: '12345678' }

describe('registration rules', () => {
  it('takes usernames of 3 to 30 characters, no fewer, no more', () => {
    expect(registrationProblems({ ...valid, username: 'abc' })).toEqual([])
    expect(registrationProblems({ ...valid, username: 'a'.repeat(30) })).toEqual([])
    expect(registrationProblems({ ...valid, username: 'ab' })).toEqual(['username_length'])
    expect(registrationProblems({ ...valid, username: 'a'.repeat(31) })).toEqual(['username_length'])
  })

  it('takes only ASCII letters, digits and underscores in a username', () => {
    for (const username of ['sam-42', 'sam 42', 'sam.42', 'sàm42', 'sam42\n']) {
      expect(registrationProblems({ ...valid, username })).toEqual(['username_characters'])
    }
    expect(registrationProblems({ ...valid, username: 'A_Z_0_9' })).toEqual([])
  })

  it('takes passwords of 8 characters or more, and says when the confirmation differs', () => {
    expect(passwordProblems('1234567')).toEqual(['password_length'])
    expect(passwordProblems('12345678')).toEqual([])
    expect(passwordProblems('12345678', '12345679')).toEqual(['password_mismatch'])
    // Without a confirmation (a password change that asks for none) nothing is compared.
    expect(passwordProblems('12345678', undefined)).toEqual([])
  })

  it('lists every failed rule, in the form\'s order: username, e-mail, password', () => {
    expect(registrationProblems({ username: 'a!', email: 'nope', password: 'short', password_conf: 'other' })).toEqual([
      'username_length',
      'username_characters',
      'email_invalid',
      'password_length',
      'password_mismatch',
    ])
  })
})

describe('e-mail addresses', () => {
  it('takes ordinary addresses and refuses what no mailbox can be', () => {
    expect(isValidEmail('sam@example.org')).toBe(true)
    expect(isValidEmail('first.last+tag@sub.example.co.uk')).toBe(true)
    for (const address of ['', 'sam', 'sam@', '@example.org', 'sam@example', 'sam example@example.org']) expect(isValidEmail(address)).toBe(false)
  })

  it('refuses an address longer than the 255 characters the column holds', () => {
    const at255 = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(62)}`
    expect(at255).toHaveLength(255)
    expect(isValidEmail(at255)).toBe(true)
    expect(isValidEmail(`${at255.slice(0, 64)}@x${at255.slice(65)}`)).toBe(false)
  })
})

describe('time zones an account may have', () => {
  it('knows the IANA zones and UTC, not a made-up or empty name', () => {
    for (const zone of ['Europe/Paris', 'America/Toronto', 'Asia/Kolkata', 'UTC']) expect(isKnownTimezone(zone)).toBe(true)
    for (const zone of ['Mars/Olympus_Mons', '', 'Europe/Paris ']) expect(isKnownTimezone(zone)).toBe(false)
  })
})
