import { regexes } from 'zod'
import type { ErrorCode } from '../errors/catalogue'

/** Username length bounds (characters). */
const USERNAME_MIN = 3
const USERNAME_MAX = 30
/** Minimum password length (characters). */
const PASSWORD_MIN = 8
/** Passwords are capped so hashing stays cheap; bcrypt reads at most 72 bytes anyway. */
export const PASSWORD_MAX = 256
/** Bio limit (characters). */
export const BIO_MAX = 200

const usernamePattern = /^[A-Za-z0-9_]+$/

/** True when the IANA time zone is known to this runtime. */
export function isKnownTimezone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone })
    return true
  } catch {
    return false
  }
}

/**
 * True for a syntactically valid e-mail address: zod's `z.email()` pattern, taken alone so the
 * browser's forms check addresses without loading zod's schemas.
 */
export function isValidEmail(value: string): boolean {
  return value.length <= 255 && regexes.email.test(value)
}

/** The username rule failures, in display order (empty when valid). */
function usernameProblems(username: string): ErrorCode[] {
  const problems: ErrorCode[] = []
  if (username.length < USERNAME_MIN || username.length > USERNAME_MAX) problems.push('username_length')
  if (!usernamePattern.test(username)) problems.push('username_characters')
  return problems
}

/** The password rule failures (empty when valid). */
export function passwordProblems(password: string, confirmation?: string): ErrorCode[] {
  const problems: ErrorCode[] = []
  if (password.length < PASSWORD_MIN) problems.push('password_length')
  if (confirmation !== undefined && confirmation !== password) problems.push('password_mismatch')
  return problems
}

/**
 * Checks a registration form as the server does, so the UI can show the same messages early.
 * @returns the failed rules, empty when the form is valid.
 */
export function registrationProblems(form: {
  username: string
  email: string
  password: string
  password_conf?: string
}): ErrorCode[] {
  return [
    ...usernameProblems(form.username),
    ...(isValidEmail(form.email) ? [] : (['email_invalid'] as const)),
    ...passwordProblems(form.password, form.password_conf),
  ]
}
