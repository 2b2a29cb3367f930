import type { Context, Middleware } from 'koa'
import compress from 'koa-compress'
import { Stream } from 'node:stream'
import { promisify } from 'node:util'
import { brotliCompress, brotliCompressSync, constants as zlib, gzip, gzipSync } from 'node:zlib'
import type { KeptAnswer } from './read-cache'

/**
 * Answers smaller than this go out as they are: below ~1 KB compression saves less than the
 * headers it adds. Above it, brotli at a low quality (fast enough per request, most of the
 * gain) or gzip, as the client accepts. The UI's files come precompressed from the build.
 */
const COMPRESS_THRESHOLD = 1024
const BROTLI_QUALITY = 4
const GZIP_LEVEL = 6
/**
 * brotli answers up to this size are compressed on the event loop (≤ ~0.1 ms for 32 KB): handing a
 * small answer to libuv's pool cost more CPU (~0.1 ms in the stream plumbing and the thread
 * hand-off, measured for 1–16 KB) than compressing it. Every dashboard answer is below it.
 */
const COMPRESS_INLINE_MAX = 32 * 1024
/**
 * gzip's fastest level for the answers up to {@link COMPRESS_INLINE_MAX} (gzip is what browsers ask
 * for over plain HTTP): measured on the dashboard's answers, level 6 cost 28–132 µs each and level
 * 1 19–40 µs, for 2–25% more bytes (calendar 2,259 → 2,435 B). The event loop is what 20 clients
 * queue for, and a few hundred bytes are nothing on the home network the server is for.
 */
const GZIP_INLINE_LEVEL = 1
/**
 * gzip's levels for the larger answers: level 6 was most of a chart answer's CPU (measured on a
 * 2,000-point chart's 309 KB: 3.8 ms for 41.2 KB; level 4 1.9 ms for 43.4 KB; on a list of 100,
 * 101 KB: 0.83 ms → 0.44 ms for 10.5 → 11.0 KB). Levels 4 and up search matches lazily, 1–3 do
 * not. Below {@link GZIP_LAZY_FROM} (lists of 100, a segment's chart) level 2 costs little in bytes:
 * a list of 100's 100 KB 0.39 → 0.24 ms for 10,978 → 11,342 B (+3 %); above it level 2 costs more
 * (the 2,000-point chart: 1.7 → 1.3 ms for 43.4 → 49.7 KB, +14 %), so the largest answers (the
 * heatmap) keep level 4, on libuv's pool. Below it gzip runs on the event loop too: on the pool a
 * list of 100 cost ~0.4 ms more of the server's CPU (the stream, two thread hand-offs and the
 * pool's own wake-ups, measured A/B on the server: 3.67 → 3.29 ms a list) for ~0.2 ms of
 * compression that the event loop now spends itself.
 */
const GZIP_MID_LEVEL = 2
const GZIP_POOL_LEVEL = 4
const GZIP_LAZY_FROM = 256 * 1024

/** Streamed bodies (files): compressed on the way out, when their type is compressible. */
export const streamCompression: Middleware = compress({
  threshold: COMPRESS_THRESHOLD,
  br: { params: { [zlib.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
  gzip: { level: GZIP_LEVEL },
  deflate: false,
})

const brotliOnce = promisify(brotliCompress)
const gzipOnce = promisify(gzip)

/** Compresses a whole answer in one call: inline up to a size (gzip's larger), else on libuv's pool. */
function compressAnswer(bytes: Buffer, encoding: 'br' | 'gzip'): Buffer | Promise<Buffer> {
  const small = bytes.length <= COMPRESS_INLINE_MAX
  if (encoding === 'gzip') {
    if (bytes.length >= GZIP_LAZY_FROM) return gzipOnce(bytes, { level: GZIP_POOL_LEVEL })
    return gzipSync(bytes, { level: small ? GZIP_INLINE_LEVEL : GZIP_MID_LEVEL })
  }
  const options = { params: { [zlib.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length } }
  return small ? brotliCompressSync(bytes, options) : brotliOnce(bytes, options)
}

/** How a JSON answer to this request goes out: brotli whenever the client takes it (as koa-compress prefers it), else gzip; null: as it is (HEAD too). */
export function answerEncoding(ctx: Context): 'br' | 'gzip' | null {
  if (ctx.method === 'HEAD') return null
  return ctx.acceptsEncodings('br') === 'br' ? 'br' : ctx.acceptsEncodings('gzip') === 'gzip' ? 'gzip' : null
}

/** Where `bind` leaves a read answer it keeps (`ctx.state`), for {@link answerCompression} to keep its compressed bytes too. */
export const KEPT_ANSWER = 'keptAnswer'

/**
 * JSON answers, held in memory, compressed in one call (`compressAnswer`): through koa-compress's
 * stream, piped into the response, the event loop spent more per answer (~0.3 ms) than the
 * compression itself. Must run after `streamCompression` in the chain, which then leaves the
 * encoded answer alone.
 */
export function answerCompression(): Middleware {
  return async (ctx, next) => {
    await next()
    const body: unknown = ctx.body
    if (body === null || body === undefined || body instanceof Stream || ctx.response.get('Content-Encoding') || !ctx.response.is('json')) {
      return
    }
    const encoding = answerEncoding(ctx)
    if (encoding === null) return
    const bytes = Buffer.isBuffer(body) ? body : Buffer.from(typeof body === 'string' ? body : JSON.stringify(body))
    if (bytes.length < COMPRESS_THRESHOLD) return
    const compressed = await compressAnswer(bytes, encoding)
    ;(ctx.state[KEPT_ANSWER] as KeptAnswer | undefined)?.encoded.set(encoding, compressed)
    ctx.body = compressed
    ctx.set('Content-Encoding', encoding)
  }
}
