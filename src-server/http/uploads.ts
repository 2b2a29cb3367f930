import { rm } from 'node:fs/promises'
import multer from '@koa/multer'
import type { Context, Middleware } from 'koa'
import { AppError } from '../../src/errors'
import { randomToken } from '../lib/secrets'

/**
 * Streams the `file` field of a multipart request to the data folder's `tmp/` (never whole into
 * memory), refusing it past `maxBytes` while it streams. Handlers move the file where it
 * belongs; whatever is still in `tmp/` when the request ends is deleted, success or failure.
 */
export function singleFileUpload(tmpDir: string, maxBytes: () => Promise<number>): Middleware {
  return async (ctx, next) => {
    const limit = await maxBytes()
    const upload = multer({
      storage: multer.diskStorage({
        destination: tmpDir,
        filename: (_req, _file, done) => done(null, `upload-${randomToken()}`),
      }),
      limits: { fileSize: limit, files: 1, fields: 10, fieldSize: 64 * 1024, parts: 12 },
    })
    try {
      await upload.single('file')(ctx, next)
    } finally {
      if (ctx.file?.path) await rm(ctx.file.path, { force: true })
    }
  }
}

/**
 * The uploaded `file` of a multipart request, or the catalogued reason there is none. A part sent
 * without a file name is dropped by the multipart parser, so "nothing selected" shows as an
 * empty file.
 */
export function uploadedFile(ctx: Context): { path: string; originalname: string; size: number } {
  if (!ctx.is('multipart')) throw new AppError('no_file_part')
  const file = ctx.file
  if (!file) throw new AppError('no_file_part')
  if (!file.originalname || file.size === 0) throw new AppError('no_selected_file')
  return file
}
