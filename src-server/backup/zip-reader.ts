import { createWriteStream } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { pipeline } from 'node:stream/promises'
import yauzl, { type Entry, type ZipFile } from 'yauzl'

/** An archive that cannot be used, with a one-line reason. */
export class UnusableArchive extends Error {
  override name = 'UnusableArchive'
}

const S_IFMT = 0o170000
const S_IFREG = 0o100000

/**
 * Relative names only, plain segments (no `..`, `.`, empty or absolute parts, no backslashes):
 * every file of our archives is written by Waymark, so anything else is a forged archive.
 */
export function isSafeEntryName(name: string): boolean {
  if (name.length === 0 || name.length > 500 || name.includes('\\') || name.includes('\0')) return false
  return name.split('/').every((part) => part.length > 0 && part !== '.' && part !== '..' && !part.includes(':'))
}

/** The files of an archive Waymark wrote, read one at a time. */
export interface ZipReader {
  /** File entries by name (directories left out). */
  readonly names: readonly string[]
  read(name: string): Promise<Buffer>
  extract(name: string, target: string): Promise<void>
  close(): void
}

/** Opens an archive and lists its files; refuses unsafe names and symbolic links or other non-files. */
export async function openZipReader(path: string): Promise<ZipReader> {
  const zip = await new Promise<ZipFile>((resolve, reject) =>
    yauzl.open(path, { lazyEntries: true, autoClose: false, validateEntrySizes: true }, (error, opened) =>
      error ? reject(new UnusableArchive(`${path} is not a zip archive`)) : resolve(opened),
    ),
  )
  const entries = new Map<string, Entry>()
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on('entry', (entry: Entry) => {
        const name = entry.fileName
        const mode = (entry.externalFileAttributes >>> 16) & S_IFMT
        if (!name.endsWith('/')) {
          if (!isSafeEntryName(name) || (mode !== 0 && mode !== S_IFREG)) {
            reject(new UnusableArchive(`${path} holds an entry Waymark never writes: ${JSON.stringify(name.slice(0, 100))}`))
            return
          }
          entries.set(name, entry)
        }
        zip.readEntry()
      })
      zip.once('end', resolve)
      zip.once('error', () => reject(new UnusableArchive(`${path} is a damaged zip archive`)))
      zip.readEntry()
    })
  } catch (error) {
    zip.close()
    throw error
  }

  const entry = (name: string) => {
    const found = entries.get(name)
    if (!found) throw new UnusableArchive(`${path} has no ${name}`)
    return found
  }
  return {
    names: [...entries.keys()],
    async read(name) {
      const chunks: Buffer[] = []
      for await (const chunk of await zip.openReadStreamPromise(entry(name))) chunks.push(chunk as Buffer)
      return Buffer.concat(chunks)
    },
    async extract(name, target) {
      await mkdir(dirname(target), { recursive: true })
      await pipeline(await zip.openReadStreamPromise(entry(name)), createWriteStream(target))
    },
    close: () => zip.close(),
  }
}

/** `target` joined with an entry name that `isSafeEntryName` accepted. */
export const entryPath = (root: string, name: string) => join(root, ...name.split('/'))
