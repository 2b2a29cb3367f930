import { z } from 'zod'
import { errorCatalogue, errorCodes, wireMessageOf, type ErrorCode, type WireErrorStatus } from './catalogue'

/** What an {@link AppError} may carry besides its code. */
export interface AppErrorOptions {
  /** Several validation failures at once (the wire message has one line per code). */
  readonly lines?: readonly ErrorCode[]
  readonly detail?: string
  /** Values of the message's `{name}` placeholders (the reference's messages that name an id). */
  readonly params?: Readonly<Record<string, string | number>>
}

/** The catalogue message of `code` with its `{name}` placeholders filled. */
function messageWith(code: ErrorCode, params: Readonly<Record<string, string | number>>): string {
  return errorCatalogue[code].message.replace(/\{(\w+)\}/g, (whole, name: string) => String(params[name] ?? whole))
}

function isLineList(value: readonly ErrorCode[] | AppErrorOptions): value is readonly ErrorCode[] {
  return Array.isArray(value)
}

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
  /** Our precise English reason, sent beside the catalogue message (the wire `detail`). */
  readonly detail: string | undefined
  /** True when the message had its placeholders filled (it is then the wire message). */
  readonly filled: boolean

  constructor(code: ErrorCode, linesOrOptions: readonly ErrorCode[] | AppErrorOptions = []) {
    const { lines = [], detail, params } = isLineList(linesOrOptions) ? { lines: linesOrOptions } : linesOrOptions
    super(lines.length > 0 ? lines.map((line) => errorCatalogue[line].message).join('\n') : params ? messageWith(code, params) : errorCatalogue[code].message)
    this.name = 'AppError'
    this.code = code
    this.lines = lines
    this.detail = detail
    this.filled = params !== undefined
  }

  /** The HTTP status of this error. */
  get status(): number {
    return errorCatalogue[this.code].status
  }
}

/** A catalogue key, as answers carry it. */
export const errorCodeSchema = z.enum(errorCodes)

/**
 * The error body every failed call answers with: `message` is the catalogue's text (what clients of
 * the reference tracker read), `code` the stable catalogue key clients translate by, `codes` one
 * key per line of a multi-line message, `detail` our precise reason when there is one.
 */
export const wireErrorSchema = z.object({
  status: z.enum(['error', 'fail', 'not found'] satisfies WireErrorStatus[]),
  message: z.string(),
  code: errorCodeSchema,
  codes: z.array(errorCodeSchema).optional(),
  detail: z.string().optional(),
})
export type WireError = z.infer<typeof wireErrorSchema>

/**
 * The wire body of a failure with `code` (and, for an {@link AppError}, its lines and detail).
 * Several validation lines travel as they are; otherwise `message` is the specification's text for
 * the condition ({@link wireMessageOf}) and `detail` our own reason when it says more.
 */
export function wireErrorOf(code: ErrorCode, error?: AppError): WireError {
  const several = error !== undefined && error.lines.length > 1
  const message = several || error?.filled ? error.message : wireMessageOf(code)
  const body: WireError = { status: errorCatalogue[code].wire, message, code }
  if (several) body.codes = [...error.lines]
  const own = error?.message ?? errorCatalogue[code].message
  const reason = error?.detail ? `${own}: ${error.detail}` : own
  if (reason !== message) body.detail = reason
  return body
}

/** True when `value` is an {@link AppError}. */
export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError
}
