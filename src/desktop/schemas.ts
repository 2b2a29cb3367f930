import { z } from 'zod'

/**
 * Payloads the renderer may send to the main process. The main process parses every payload
 * with these before acting: the page is web content and is treated as untrusted input.
 */
export const setLanSharingPayload = z.boolean()

/** Only web links leave the app for the system browser; never file:, javascript: or custom schemes. */
export const openExternalPayload = z
  .string()
  .max(2048)
  .refine((value) => {
    try {
      const url = new URL(value)
      return url.protocol === 'https:' || url.protocol === 'http:'
    } catch {
      return false
    }
  }, 'only http and https links can be opened')

export const notifyImportFinishedPayload = z
  .object({
    imported: z.number().int().min(0).max(1_000_000),
    failed: z.number().int().min(0).max(1_000_000),
  })
  .strict()

/** The account a watched folder's files go to (a username). */
export const addWatchedFolderPayload = z.string().min(1).max(100)
/** A watched folder to forget; only folders in the settings are matched. */
export const removeWatchedFolderPayload = z.string().min(1).max(4096)

/** A plugged-in watch whose answer is forgotten; only devices in the settings are matched. */
export const forgetDevicePayload = z.string().min(1).max(200)

/** Calls that take no payload must receive none. */
export const noPayload = z.undefined()
