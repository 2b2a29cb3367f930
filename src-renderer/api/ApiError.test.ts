import { describe, expect, it, vi } from 'vitest'
import { errorKeysOf, FILE_TOO_LARGE_KEY, UNKNOWN_ERROR_KEY } from './ApiError'

describe('errorKeysOf', () => {
  it('maps an error by its code, whatever its English message says', () => {
    expect(errorKeysOf(401, { status: 'error', message: 'Invalid credentials.', code: 'invalid_credentials' })).toEqual([
      'api.ERROR.invalid_credentials',
    ])
  })

  it('gives one key per line when the body lists several codes', () => {
    const message = 'username: 3 to 30 characters required\nemail: valid email must be provided\npassword: 8 characters required'
    expect(
      errorKeysOf(400, { status: 'error', message, code: 'username_length', codes: ['username_length', 'email_invalid', 'password_length'] }),
    ).toEqual(['api.ERROR.username_length', 'api.ERROR.email_invalid', 'api.ERROR.password_length'])
  })

  it('shows the file-size message for any 413', () => {
    expect(errorKeysOf(413, { status: 'fail', message: 'Error during workout upload, file size (2.5KB) exceeds 1.0KB.' })).toEqual([
      FILE_TOO_LARGE_KEY,
    ])
    expect(errorKeysOf(413, undefined)).toEqual([FILE_TOO_LARGE_KEY])
  })

  it('falls back to UNKNOWN without a code, for a code outside the catalogue, and never reads the message', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    expect(errorKeysOf(500, undefined)).toEqual([UNKNOWN_ERROR_KEY])
    expect(errorKeysOf(502, '<html>Bad gateway</html>')).toEqual([UNKNOWN_ERROR_KEY])
    expect(errorKeysOf(500, { message: 'invalid credentials' })).toEqual([UNKNOWN_ERROR_KEY])
    expect(errorKeysOf(500, { message: 'x', code: 'toString' })).toEqual([UNKNOWN_ERROR_KEY])
    expect(warn).toHaveBeenCalled()
    warn.mockRestore()
  })
})
