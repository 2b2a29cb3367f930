import { errorCodeOfMessage } from '../../src/errors/catalogue'

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

function keyOfLine(line: string): string {
  const code = errorCodeOfMessage(line.trim())
  if (code) return `api.ERROR.${code}`
  // Unknown server text is never shown as such; it is logged for whoever debugs.
  console.warn('Unknown API error message:', line)
  return UNKNOWN_ERROR_KEY
}

/**
 * The translation keys for an error answer: 413 is always the file-size message; a message is
 * split into lines (or taken as a list) and each line mapped through the catalogue; with no
 * message, UNKNOWN.
 */
export function errorKeysOf(status: number, body: unknown): string[] {
  if (status === 413) return [FILE_TOO_LARGE_KEY]
  const message = typeof body === 'object' && body !== null ? (body as { message?: unknown }).message : undefined
  const lines =
    typeof message === 'string'
      ? message.split('\n')
      : Array.isArray(message)
        ? message.filter((line): line is string => typeof line === 'string')
        : []
  const keys = lines.filter((line) => line.trim() !== '').map(keyOfLine)
  return keys.length > 0 ? [...new Set(keys)] : [UNKNOWN_ERROR_KEY]
}

/** The keys to show for anything a call may throw. */
export function errorKeysOfUnknown(error: unknown): string[] {
  if (isApiError(error)) return [...error.keys]
  console.error(error)
  return [UNKNOWN_ERROR_KEY]
}
