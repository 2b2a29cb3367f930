import { open, readdir } from 'node:fs/promises'
import { basename, join } from 'node:path'

/** A mounted drive holding activities in a layout we know. */
export interface DeviceVolume {
  /** Where the drive is mounted. */
  mount: string
  /** The folder of its activity files. */
  activityDir: string
  /**
   * Stays the same each time the device is plugged in, on any computer: the unit id its
   * `GarminDevice.xml` gives, else the drive's name (its volume label on Linux and macOS).
   */
  id: string
  /** For people: the model its `GarminDevice.xml` names, else the drive's name. */
  name: string
}

/**
 * Activity folders of devices that mount as a USB drive (mass storage), as path segments matched
 * without regard to case (FAT drives). Each comes from a public description of the device's drive:
 * - `GARMIN/Activity`: Garmin watches and recent Edge units, FIT files (libdivecomputer's Garmin
 *   backend, `src/garmin.c`, reads dives there; older files may sit in `Activity/Archive`).
 * - `Garmin/Activities`: older Edge and Forerunner units (the folder read by the public backup script
 *   Tim-CYLiao/shell-script-for-fit2gpx-and-backup, `/Volumes/GARMIN/Garmin/Activities`).
 * - `Garmin/GPX/Archive`: Garmin handheld GPS units (eTrex, GPSMAP), whose finished track logs are
 *   archived there as GPX (seotaro/garmin-tips); `Current` is left alone, it is still being written.
 * Left out because they are not USB drives: Wahoo ELEMNT, BOLT and ROAM (MTP only, Wahoo's support
 * article "Connect an ACE, BOLT 3, or ROAM 3 to a desktop/laptop computer"), recent Garmin watches
 * that switched to MTP (GarminDB discussion #156), Polar (its own USB protocol, v800_downloader).
 * Not added for want of a public description of their drive: Suunto, COROS, Bryton, Hammerhead.
 */
const LAYOUTS: readonly (readonly string[])[] = [
  ['GARMIN', 'Activity'],
  ['Garmin', 'Activities'],
  ['Garmin', 'GPX', 'Archive'],
]

/** `GarminDevice.xml` is a few kilobytes; more than this is not one. */
const MAX_DEVICE_FILE = 256 * 1024

/** The folders where drives are mounted, per system. */
export function mountRoots(platform: NodeJS.Platform, username: string): string[] {
  if (platform === 'darwin') return ['/Volumes']
  if (platform === 'win32') return Array.from('DEFGHIJKLMNOPQRSTUVWXYZ', (letter) => `${letter}:\\`)
  return [`/media/${username}`, `/run/media/${username}`, '/media', '/mnt']
}

/** The child of `dir` named `name` whatever its case, or null. */
async function childNamed(dir: string, name: string, kind: 'directory' | 'file' = 'directory'): Promise<string | null> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => [])
  const found = entries.find((entry) => (kind === 'directory' ? entry.isDirectory() : entry.isFile()) && entry.name.toLowerCase() === name.toLowerCase())
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

/** The start of a file, read only (the device is never written to); null when it cannot be read. */
async function readStart(path: string): Promise<string | null> {
  const file = await open(path, 'r').catch(() => null)
  if (!file) return null
  try {
    const buffer = Buffer.alloc(MAX_DEVICE_FILE)
    const { bytesRead } = await file.read(buffer, 0, MAX_DEVICE_FILE, 0)
    return buffer.subarray(0, bytesRead).toString('utf8')
  } catch {
    return null
  } finally {
    await file.close()
  }
}

/** The unit id and model a Garmin drive describes itself with in `GARMIN/GarminDevice.xml`. */
async function garminIdentity(mount: string): Promise<{ id: string; name: string | null } | null> {
  const garmin = await childNamed(mount, 'GARMIN')
  const file = garmin ? await childNamed(garmin, 'GarminDevice.xml', 'file') : null
  const xml = file ? await readStart(file) : null
  // `<Device><Model>…<Description>Forerunner 245</Description></Model><Id>3988123456</Id>`
  const id = xml?.match(/<Id>\s*(\d{1,20})\s*<\/Id>/)?.[1]
  if (!xml || !id) return null
  const name = xml.match(/<Model>[\s\S]*?<Description>([^<]{1,100})<\/Description>/)?.[1]?.trim() ?? null
  return { id: `garmin:${id}`, name }
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
      if (!activityDir) continue
      const label = basename(mount) || mount
      const garmin = await garminIdentity(mount)
      found.set(mount, { mount, activityDir, id: garmin?.id ?? `volume:${label}`, name: garmin?.name ?? label })
    }
  }
  return [...found.values()]
}
