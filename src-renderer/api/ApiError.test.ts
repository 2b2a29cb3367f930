import { describe, expect, it, vi } from 'vitest'
import { errorKeysOf, FILE_TOO_LARGE_KEY, UNKNOWN_ERROR_KEY } from './ApiError'

describe('errorKeysOf', () => {
  it('maps a catalogued server message to its api.ERROR key', () => {
    expect(errorKeysOf(401, { status: 'error', message: 'invalid credentials' })).toEqual(['api.ERROR.invalid_credentials'])
  })

  it('turns a multi-line message into one key per line', () => {
    const message = 'username: 3 to 30 characters required\nemail: valid email must be provided\npassword: 8 characters required'
    expect(errorKeysOf(400, { status: 'error', message })).toEqual([
      'api.ERROR.username_length',
      'api.ERROR.email_invalid',
      'api.ERROR.password_length',
    ])
  })

  it('accepts a list of messages', () => {
    expect(errorKeysOf(400, { message: ['valid email must be provided for admin contact'] })).toEqual([
      'api.ERROR.admin_contact_invalid',
    ])
  })

  it('shows the file-size message for any 413', () => {
    expect(errorKeysOf(413, { status: 'fail', message: 'Error during workout upload, file size (2.5KB) exceeds 1.0KB.' })).toEqual([
      FILE_TOO_LARGE_KEY,
    ])
    expect(errorKeysOf(413, undefined)).toEqual([FILE_TOO_LARGE_KEY])
  })

  it('falls back to UNKNOWN without a message or for text outside the catalogue', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    expect(errorKeysOf(500, undefined)).toEqual([UNKNOWN_ERROR_KEY])
    expect(errorKeysOf(502, '<html>Bad gateway</html>')).toEqual([UNKNOWN_ERROR_KEY])
    expect(errorKeysOf(500, { message: 'stack trace: secret' })).toEqual([UNKNOWN_ERROR_KEY])
    expect(warn).toHaveBeenCalled()
    warn.mockRestore()
  })
})
