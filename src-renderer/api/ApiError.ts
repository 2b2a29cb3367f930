import { errorCatalogue, errorCodeOfMessage, type ErrorCode } from '../../src/errors/catalogue'

/** Translation keys of the failures that are not server messages. */
export const NETWORK_ERROR_KEY = 'api.ERROR.network_error'
export const UNKNOWN_ERROR_KEY = 'api.ERROR.UNKNOWN'
export const FILE_TOO_LARGE_KEY = 'api.ERROR.file_too_large'

/**
 * A failed API call, carried as the translation keys to show (one per line of the server
 * message), so screens never display raw server text.
 */
export class ApiError extends Error {
  readonly status: number
  readonly keys: readonly string[]

  constructor(status: number, keys: readonly string[]) {
    super(keys.join('\n'))
    this.name = 'ApiError'
    this.status = status
    this.keys = keys
  }
}

/** True when `value` is an {@link ApiError}. */
export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError
}

function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(errorCatalogue, value)
}

/**
 * The translation keys for an error answer, by the body's `code` (one per line when `codes` lists
 * several), never by its English message; 413 is always the file-size message (a proxy's 413 has
 * no code); anything without a known code is UNKNOWN.
 */
export function errorKeysOf(status: number, body: unknown): string[] {
  if (status === 413) return [FILE_TOO_LARGE_KEY]
  const { code, codes } = typeof body === 'object' && body !== null ? (body as { code?: unknown; codes?: unknown }) : {}
  const listed = Array.isArray(codes) ? codes.filter(isErrorCode) : []
  const all = listed.length > 0 ? listed : isErrorCode(code) ? [code] : []
  if (all.length === 0) {
    // Unknown server answers are never shown as such; they are logged for whoever debugs.
    console.warn('API error without a known code:', status, body)
    return [UNKNOWN_ERROR_KEY]
  }
  return [...new Set(all.map((known) => `api.ERROR.${known}`))]
}
/**
 * The translation key of a per-file result message of an archive import. Stopgap: those results
 * carry no code yet (the import task engine will add one), so only they are mapped by message.
 */
export function errorKeyOfResultMessage(message: string): string {
  const code = errorCodeOfMessage(message.trim())
  return code ? `api.ERROR.${code}` : UNKNOWN_ERROR_KEY
}

/** The keys to show for anything a call may throw. */
export function errorKeysOfUnknown(error: unknown): string[] {
  if (isApiError(error)) return [...error.keys]
  console.error(error)
  return [UNKNOWN_ERROR_KEY]
}
