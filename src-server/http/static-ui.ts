import { stat } from 'node:fs/promises'
import { extname, resolve, sep } from 'node:path'
import { send } from '@koa/send'
import type { Middleware } from 'koa'

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile()
  } catch {
    return false
  }
}

/** `send` reports a file it cannot find (`ENOENT`, `ENOTDIR`, `ENAMETOOLONG`) as an HTTP 404 error. */
function isNotFound(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 404
}

/**
 * Serves the built UI. Paths without a file extension get `index.html` (client-side routes);
 * a missing asset is a plain 404 so a stale page never receives HTML in place of a script, and
 * never a logged server error (`/favicon.svg/` names no file either).
 *
 * The build writes a brotli (`.br`) and a gzip (`.gz`) copy beside each compressible file;
 * `send` picks the one the browser's `Accept-Encoding` allows, and caches are told the answer
 * varies with it.
 */
export function staticUi(root: string): Middleware {
  return async (ctx, next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
      await next()
      return
    }
    let requested: string
    try {
      requested = decodeURIComponent(ctx.path)
    } catch {
      await next()
      return
    }
    const target = resolve(root, '.' + requested)
    if (target !== root && !target.startsWith(root + sep)) {
      await next()
      return
    }
    const hashedAsset = requested.startsWith('/assets/')
    if (requested !== '/' && (await isFile(target))) {
      ctx.vary('Accept-Encoding')
      try {
        await send(ctx, requested, {
          root,
          brotli: true,
          gzip: true,
          maxage: hashedAsset ? 365 * 24 * 3600 * 1000 : 0,
          immutable: hashedAsset,
          setHeaders: (res) => {
            if (!hashedAsset) res.setHeader('Cache-Control', 'no-cache')
          },
        })
      } catch (error) {
        if (!isNotFound(error)) throw error
        ctx.remove('Content-Encoding')
        await next()
      }
      return
    }
    // Files have an extension, and everything under /assets/ is a file: neither gets the page.
    if (extname(requested) !== '' || hashedAsset) {
      await next()
      return
    }
    ctx.vary('Accept-Encoding')
    await send(ctx, 'index.html', { root, brotli: true, gzip: true, setHeaders: (res) => res.setHeader('Cache-Control', 'no-cache') })
  }
}
