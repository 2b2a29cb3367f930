import { open, rename } from 'node:fs/promises'
import { extname, join } from 'node:path'
import { AppError } from '../../../src/errors'
import { randomToken } from '../../lib/secrets'

/** Picture formats accepted, by extension, with the signature their first bytes must carry. */
const PICTURE_SIGNATURES: Record<string, readonly number[][]> = {
  '.png': [[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  '.jpg': [[0xff, 0xd8, 0xff]],
  '.jpeg': [[0xff, 0xd8, 0xff]],
  '.gif': [
    [0x47, 0x49, 0x46, 0x38, 0x37, 0x61],
    [0x47, 0x49, 0x46, 0x38, 0x39, 0x61],
  ],
}

/** Content types served for stored pictures. */
export const PICTURE_TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
}

async function startsWithSignature(path: string, signatures: readonly number[][]): Promise<boolean> {
  const handle = await open(path, 'r')
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(8), 0, 8, 0)
    return signatures.some((signature) => bytesRead >= signature.length && signature.every((byte, i) => buffer[i] === byte))
  } finally {
    await handle.close()
  }
}

/**
 * Moves an uploaded picture into the pictures folder after checking its extension and that its
 * bytes really are that format (an HTML file renamed .png is refused).
 * @returns the stored file name
 * @throws AppError `file_extension_not_allowed` (the upload middleware removes the refused file)
 */
export async function storePicture(uploadedPath: string, originalName: string, picturesDir: string, userId: number): Promise<string> {
  const extension = extname(originalName).toLowerCase()
  const signatures = PICTURE_SIGNATURES[extension]
  if (!signatures || !(await startsWithSignature(uploadedPath, signatures))) {
    throw new AppError('file_extension_not_allowed')
  }
  const name = `${userId}-${randomToken().slice(0, 16)}${extension}`
  await rename(uploadedPath, join(picturesDir, name))
  return name
}
