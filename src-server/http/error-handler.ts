import type { Middleware } from 'koa'
import { AppError, errorCatalogue, type ErrorCode } from '../../src/errors'
import type { Logger } from '../config/server-config'

/** Errors raised by body parsing and uploads, mapped to the catalogue. */
function codeOfLibraryError(error: unknown): ErrorCode | null {
  if (typeof error !== 'object' || error === null) return null
  const { status, type, code } = error as { status?: unknown; type?: unknown; code?: unknown }
  if (code === 'LIMIT_FILE_SIZE') return 'file_too_large'
  if (typeof code === 'string' && code.startsWith('LIMIT_')) return 'invalid_payload'
  if (type === 'entity.too.large' || status === 413) return 'body_too_large'
  if (status === 415) return 'unsupported_media_type'
  if (type === 'entity.parse.failed' || type === 'encoding.unsupported' || status === 400) return 'invalid_payload'
  return null
}

/**
 * Turns every failure into the catalogue's status and JSON body. Unexpected errors are logged
 * and answered with the generic message: no stack trace or internal detail leaves the server.
 */
export function errorHandler(logger: Logger): Middleware {
  return async (ctx, next) => {
    try {
      await next()
    } catch (error) {
      let code: ErrorCode
      let message: string
      if (error instanceof AppError) {
        code = error.code
        message = error.message
      } else {
        code = codeOfLibraryError(error) ?? 'internal'
        message = errorCatalogue[code].message
        if (code === 'internal') logger.error(`${ctx.method} ${ctx.path} failed`, error)
      }
      const entry = errorCatalogue[code]
      ctx.status = entry.status
      ctx.body = { status: entry.wire, message }
    }
  }
}
