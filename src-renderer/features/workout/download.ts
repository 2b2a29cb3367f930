import { ApiError, errorKeysOf, NETWORK_ERROR_KEY } from '../../api/ApiError'
import { API_BASE, buildPath } from '../../api/client'
import { routes } from '../../api/routes'
import { tokenStorage } from '../../api/tokenStorage'

/** The file name of a `Content-Disposition: attachment` header (RFC 6266, UTF-8 form first). */
function attachmentName(header: string | null, fallback: string): string {
  if (!header) return fallback
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(header)
  if (encoded?.[1]) {
    try {
      return decodeURIComponent(encoded[1])
    } catch {
      // A malformed escape: the plain form below may still be usable.
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(header)
  return plain?.[1] ?? fallback
}

/**
 * Saves a workout's original file. The download needs the session token, so a plain link cannot
 * do it: the file is fetched with the token, then handed to the browser as a blob.
 */
export async function downloadWorkoutFile(id: string): Promise<void> {
  const headers = new Headers()
  const token = tokenStorage.get()
  if (token) headers.set('Authorization', `Bearer ${token}`)
  let response: Response
  try {
    response = await fetch(`${API_BASE}${buildPath(routes.downloadFile.path, { id })}`, { headers })
  } catch {
    throw new ApiError(0, [NETWORK_ERROR_KEY])
  }
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => undefined)
    throw new ApiError(response.status, errorKeysOf(response.status, body))
  }
  const blob = await response.blob()
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = attachmentName(response.headers.get('Content-Disposition'), `${id}.gpx`)
  document.body.appendChild(link)
  link.click()
  link.remove()
  // Some browsers read the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}
