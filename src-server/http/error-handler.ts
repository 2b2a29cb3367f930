import type { Middleware } from 'koa'
import { AppError, errorCatalogue, wireErrorOf, type ErrorCode } from '../../src/errors'
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
      if (error instanceof AppError) {
        ctx.status = error.status
        ctx.body = wireErrorOf(error.code, error)
        return
      }
      const code = codeOfLibraryError(error) ?? 'internal'
      if (code === 'internal') logger.error(`${ctx.method} ${ctx.path} failed`, error)
      ctx.status = errorCatalogue[code].status
      ctx.body = wireErrorOf(code)
    }
  }
}
