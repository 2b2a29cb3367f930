import { createWriteStream } from 'node:fs'
import { rename, rm } from 'node:fs/promises'
import { extname } from 'node:path'
import { pipeline } from 'node:stream/promises'
import { ZipFile } from 'yazl'

/** Formats that are already compressed gain nothing from deflate. */
const STORED_EXTENSIONS = new Set(['.png', '.jpg', '.jpeg', '.gif', '.zip'])

/** A zip being written to a file; it appears under its name only once `finish` succeeds. */
export interface ZipWriter {
  addFile(realPath: string, name: string): void
  addBuffer(data: Buffer, name: string): void
  finish(): Promise<void>
  /** Gives up: the partial file is removed. */
  abort(): Promise<void>
}

export function createZipWriter(target: string): ZipWriter {
  const partial = `${target}.partial`
  const zip = new ZipFile()
  // Errors of added files (a file removed meanwhile) surface on the zip and fail the pipeline.
  const written = pipeline(zip.outputStream, createWriteStream(partial))
  written.catch(() => undefined)
  const compress = (name: string) => !STORED_EXTENSIONS.has(extname(name).toLowerCase())
  return {
    addFile: (realPath, name) => zip.addFile(realPath, name, { compress: compress(name) }),
    addBuffer: (data, name) => zip.addBuffer(data, name, { compress: compress(name) }),
    async finish() {
      try {
        await new Promise<void>((resolve, reject) => {
          zip.once('error', reject)
          zip.end()
          written.then(resolve, reject)
        })
      } catch (error) {
        await rm(partial, { force: true })
        throw error
      }
      await rename(partial, target)
    },
    async abort() {
      zip.end()
      await written.catch(() => undefined)
      await rm(partial, { force: true })
    },
  }
}
