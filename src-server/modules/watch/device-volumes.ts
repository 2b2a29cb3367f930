import { readdir } from 'node:fs/promises'
import { join } from 'node:path'

/** A mounted drive holding activities in a layout we know. */
export interface DeviceVolume {
  /** Where the drive is mounted. */
  mount: string
  /** The folder of its activity files. */
  activityDir: string
}

/**
 * Activity folders of devices that mount as a USB drive, as path segments matched without regard
 * to case (FAT drives): Garmin watches and recent Edge units (`GARMIN/Activity`), older Edge and
 * Forerunner units (`Garmin/Activities`).
 */
const LAYOUTS: readonly (readonly string[])[] = [
  ['GARMIN', 'Activity'],
  ['Garmin', 'Activities'],
]

/** The folders where drives are mounted, per system. */
export function mountRoots(platform: NodeJS.Platform, username: string): string[] {
  if (platform === 'darwin') return ['/Volumes']
  if (platform === 'win32') return Array.from('DEFGHIJKLMNOPQRSTUVWXYZ', (letter) => `${letter}:\\`)
  return [`/media/${username}`, `/run/media/${username}`, '/media', '/mnt']
}

/** The child of `dir` named `name` whatever its case, or null. */
async function childNamed(dir: string, name: string): Promise<string | null> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => [])
  const found = entries.find((entry) => entry.isDirectory() && entry.name.toLowerCase() === name.toLowerCase())
  return found ? join(dir, found.name) : null
}

/** The activity folder of a mounted drive in one of the known layouts, or null. */
async function activityDirOf(mount: string): Promise<string | null> {
  for (const layout of LAYOUTS) {
    let dir: string | null = mount
    for (const segment of layout) dir = dir ? await childNamed(dir, segment) : null
    if (dir) return dir
  }
  return null
}

/**
 * The mounted drives under `roots` that hold activities in a known layout. A root may itself be a
 * mount (`/media`), or hold mounts (`/media/<user>/<volume>`). Nothing is written; unreadable
 * roots are skipped.
 */
export async function findDeviceVolumes(roots: readonly string[]): Promise<DeviceVolume[]> {
  const found = new Map<string, DeviceVolume>()
  for (const root of roots) {
    const mounts = [root, ...(await readdir(root, { withFileTypes: true }).catch(() => [])).filter((entry) => entry.isDirectory()).map((entry) => join(root, entry.name))]
    for (const mount of mounts) {
      if (found.has(mount)) continue
      const activityDir = await activityDirOf(mount)
      if (activityDir) found.set(mount, { mount, activityDir })
    }
  }
  return [...found.values()]
}
