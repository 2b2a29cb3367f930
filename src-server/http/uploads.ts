import multer from '@koa/multer'
import type { Middleware } from 'koa'
import { randomToken } from '../lib/secrets'

/**
 * Streams the `file` field of a multipart request to the data folder's `tmp/` (never whole into
 * memory), refusing it past `maxBytes` while it streams. Callers move or delete the file.
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
    await upload.single('file')(ctx, next)
  }
}
