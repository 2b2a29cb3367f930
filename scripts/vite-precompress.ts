import { readdir, readFile, stat, writeFile } from 'node:fs/promises'
import { extname, join } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import type { Plugin } from 'vite'

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

/** Text formats worth compressing; images and fonts of the build are already compressed. */
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.txt', '.map', '.webmanifest'])
/** Below this a compressed copy saves less than the request headers weigh. */
const MIN_BYTES = 1024

async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true })
  const nested = await Promise.all(
    entries.map((entry) => (entry.isDirectory() ? filesUnder(join(folder, entry.name)) : Promise.resolve([join(folder, entry.name)]))),
  )
  return nested.flat()
}

/** Writes `<file>.br` (quality 11) and `<file>.gz` (level 9) beside every compressible file of `folder`. */
export async function precompressFolder(folder: string): Promise<number> {
  const files = (await filesUnder(folder)).filter((file) => COMPRESSIBLE.has(extname(file)))
  let written = 0
  for (const file of files) {
    if ((await stat(file)).size < MIN_BYTES) continue
    const content = await readFile(file)
    const [br, gz] = await Promise.all([
      brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } }),
      gzipAsync(content, { level: 9 }),
    ])
    await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)])
    written += 1
  }
  return written
}

/**
 * Precompresses the renderer build once, at build time, so the server sends brotli or gzip
 * without compressing per request (it serves the copy `Accept-Encoding` allows). A few lines of
 * `node:zlib` instead of a plugin package: no dependency to keep up with Vite's majors.
 */
export function precompress(): Plugin {
  let outDir = ''
  return {
    name: 'waymark-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir
    },
    async closeBundle() {
      await precompressFolder(outDir)
    },
  }
}
