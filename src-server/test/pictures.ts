/** A valid 1×1 PNG, the smallest picture the server accepts. */
export const TINY_PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' + '1f15c4890000000d49444154789c63f8ffff3f0005fe02fea7d6a4520000000049454e44ae426082',
  'hex',
)

/** The multipart form of a picture upload (`POST auth/picture`). */
export function pictureForm(name: string, bytes: Buffer, type = 'application/octet-stream'): FormData {
  const form = new FormData()
  form.append('file', new Blob([bytes], { type }), name)
  return form
}
