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

/**
 * Serves the built UI. Paths without a file extension get `index.html` (client-side routes);
 * a missing asset is a plain 404 so a stale page never receives HTML in place of a script.
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
      await send(ctx, requested, {
        root,
        maxage: hashedAsset ? 365 * 24 * 3600 * 1000 : 0,
        immutable: hashedAsset,
        setHeaders: (res) => {
          if (!hashedAsset) res.setHeader('Cache-Control', 'no-cache')
        },
      })
      return
    }
    if (extname(requested) !== '') {
      await next()
      return
    }
    await send(ctx, 'index.html', { root, setHeaders: (res) => res.setHeader('Cache-Control', 'no-cache') })
  }
}
