import { errorCatalogue, type ErrorCode } from './catalogue'

/**
 * An expected failure with a catalogued code. Thrown by services and domain code; the HTTP
 * layer turns it into the catalogue's status and message.
 *
 * `lines` carries several validation failures at once; the wire message joins their catalogue
 * messages with newlines (the reference tracker's multi-line form).
 */
export class AppError extends Error {
  readonly code: ErrorCode
  readonly lines: readonly ErrorCode[]

  constructor(code: ErrorCode, lines: readonly ErrorCode[] = []) {
    super(lines.length > 0 ? lines.map((line) => errorCatalogue[line].message).join('\n') : errorCatalogue[code].message)
    this.name = 'AppError'
    this.code = code
    this.lines = lines
  }

  /** The HTTP status of this error. */
  get status(): number {
    return errorCatalogue[this.code].status
  }
}

/** True when `value` is an {@link AppError}. */
export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError
}
