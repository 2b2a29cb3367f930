import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { z } from 'zod'

/**
 * The desktop port. Not 5000 (the headless default) because macOS's AirPlay receiver holds
 * that one; it only needs to be stable, since the window's origin (and so the stored session)
 * depends on it.
 */
export const DEFAULT_DESKTOP_PORT = 5050

const settingsSchema = z.object({
  /** The port last used; the next start tries it first. */
  port: z.number().int().min(1024).max(65535).catch(DEFAULT_DESKTOP_PORT),
  /** On by default: the user asked for LAN access. */
  lanSharing: z.boolean().catch(true),
  /** Null means the default folder in the OS app-data folder. */
  dataFolder: z.string().min(1).nullable().catch(null),
  /** The "closing the window keeps serving" notice is shown once. */
  keepServingNoticeShown: z.boolean().catch(false),
  /** Folders whose new activity files the embedded server imports, each for one account. */
  watchFolders: z
    .array(z.object({ dir: z.string().min(1), username: z.string().min(1) }))
    .max(20)
    .catch([]),
  /** Plugged-in watches the user answered for: the account their workouts go to, or null for "not this device". */
  devices: z
    .array(z.object({ id: z.string().min(1).max(200), name: z.string().max(200), username: z.string().min(1).nullable() }))
    .max(100)
    .catch([]),
})

export type DesktopSettings = z.infer<typeof settingsSchema>

export const DEFAULT_SETTINGS: DesktopSettings = {
  port: DEFAULT_DESKTOP_PORT,
  lanSharing: true,
  dataFolder: null,
  keepServingNoticeShown: false,
  watchFolders: [],
  devices: [],
}

/** The desktop settings, kept as JSON beside (not inside) the data folder. */
export interface SettingsStore {
  get: () => DesktopSettings
  update: (patch: Partial<DesktopSettings>) => DesktopSettings
}

function readSettings(file: string): DesktopSettings {
  let raw: unknown
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'))
  } catch {
    // Missing or unreadable: start from the defaults rather than refuse to start.
    return { ...DEFAULT_SETTINGS }
  }
  // Each field falls back on its own, so one bad value does not reset the others.
  const parsed = settingsSchema.safeParse(typeof raw === 'object' && raw !== null ? raw : {})
  return parsed.success ? parsed.data : { ...DEFAULT_SETTINGS }
}

/** Opens the settings file; writes go to a temporary file renamed over it, so a crash never leaves half a file. */
export function openSettings(file: string): SettingsStore {
  let current = readSettings(file)
  return {
    get: () => ({ ...current }),
    update(patch) {
      const next = settingsSchema.parse({ ...current, ...patch })
      mkdirSync(dirname(file), { recursive: true })
      const temporary = `${file}.tmp`
      writeFileSync(temporary, JSON.stringify(next, null, 2) + '\n')
      renameSync(temporary, file)
      current = next
      return { ...current }
    },
  }
}
