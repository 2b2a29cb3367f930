import { rm } from 'node:fs/promises'
import multer from '@koa/multer'
import type { Middleware } from 'koa'
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
