import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { findDeviceVolumes, mountRoots } from './device-volumes'

describe('where drives are mounted', () => {
  it('looks in /Volumes on macOS, in drives D: to Z: on Windows, and in the user\'s and the shared mount folders elsewhere', () => {
    expect(mountRoots('darwin', 'sam')).toEqual(['/Volumes'])
    const windows = mountRoots('win32', 'sam')
    expect(windows).toHaveLength(23)
    expect([windows[0], windows[22]]).toEqual(['D:\\', 'Z:\\'])
    // udisks2 mounts under /media/<user> (Debian, Ubuntu) or /run/media/<user> (Fedora, Arch).
    expect(mountRoots('linux', 'sam')).toEqual(['/media/sam', '/run/media/sam', '/media', '/mnt'])
    expect(mountRoots('freebsd', 'kim')).toEqual(['/media/kim', '/run/media/kim', '/media', '/mnt'])
  })
})

describe('plugged-in drives with activities', () => {
  let media: string
  beforeEach(async () => {
    media = await mkdtemp(join(tmpdir(), 'waymark-volumes-'))
  })
  afterEach(() => rm(media, { recursive: true, force: true }))

  /** A drive mounted at `media/<name>` with the given folders and files. */
  const drive = async (name: string, folders: string[], files: Record<string, string | Buffer> = {}) => {
    for (const folder of folders) await mkdir(join(media, name, folder), { recursive: true })
    for (const [path, data] of Object.entries(files)) await writeFile(join(media, name, path), data)
    return join(media, name)
  }
  /** A GarminDevice.xml as a watch writes it: indented, one element a line. */
  const device = (id: string, model: string) =>
    [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<Device xmlns="http://www.garmin.com/xmlschemas/GarminDevice/v2">',
      '  <Model>',
      '    <PartNumber>006-B3076-00</PartNumber>',
      '    <SoftwareVersion>1310</SoftwareVersion>',
      `    <Description>${model}</Description>`,
      '  </Model>',
      `  <Id>${id}</Id>`,
      '</Device>',
    ].join('\r\n')
  const byMount = async (roots: string[]) => (await findDeviceVolumes(roots)).sort((a, b) => a.mount.localeCompare(b.mount))

  it('finds the activity folder of each known layout, whatever its case, and nothing on other drives', async () => {
    const watch = await drive('WATCH', ['garmin/activity'])
    const edge = await drive('EDGE', ['GARMIN/ACTIVITIES'])
    const etrex = await drive('ETREX', ['Garmin/GPX/Archive', 'Garmin/GPX/Current'])
    await drive('STICK', ['photos', 'Garmin/GPX'], { 'Garmin/Activity': 'a file, not a folder' })
    await drive('OLD', ['Garmin/Archive'])
    expect(await byMount([media])).toEqual([
      { mount: edge, activityDir: join(edge, 'GARMIN', 'ACTIVITIES'), id: 'volume:EDGE', name: 'EDGE' },
      { mount: etrex, activityDir: join(etrex, 'Garmin', 'GPX', 'Archive'), id: 'volume:ETREX', name: 'ETREX' },
      { mount: watch, activityDir: join(watch, 'garmin', 'activity'), id: 'volume:WATCH', name: 'WATCH' },
    ])
  })

  it('takes a root that is itself a drive (/media on some systems), skips roots it cannot read, and lists a drive reached twice once', async () => {
    const watch = await drive('WATCH', ['GARMIN/Activity'])
    const found = await findDeviceVolumes([join(media, 'missing'), watch, media, media])
    expect(found).toEqual([{ mount: watch, activityDir: join(watch, 'GARMIN', 'Activity'), id: 'volume:WATCH', name: 'WATCH' }])
  })

  it("names a Garmin drive by the unit id and model of its GarminDevice.xml, and by the drive's name when it says neither", async () => {
    const described = await drive('A', ['GARMIN/Activity'], { 'GARMIN/GarminDevice.xml': device(' 3988123456\n', '  Forerunner 245 ') })
    // The file's name in any case; the model outside <Model> is not the device's.
    const lower = await drive('B', ['Garmin/Activities'], {
      'Garmin/garmindevice.xml': '<Device><Description>Not the model</Description><Id>42</Id></Device>',
    })
    // An id longer than 20 digits, or none: not a unit id.
    const long = await drive('C', ['GARMIN/Activity'], { 'GARMIN/GarminDevice.xml': device('1'.repeat(21), 'Edge') })
    const none = await drive('D', ['GARMIN/Activity'], { 'GARMIN/GarminDevice.xml': '<Device><Model><Description>Edge</Description></Model></Device>' })
    // A model name over 100 characters is not one.
    const wordy = await drive('E', ['GARMIN/Activity'], { 'GARMIN/GarminDevice.xml': device('7', 'x'.repeat(101)) })
    // A folder of that name is no description.
    const folder = await drive('F', ['GARMIN/Activity', 'GARMIN/GarminDevice.xml/Id'])
    expect((await byMount([media])).map((volume) => [volume.mount, volume.id, volume.name])).toEqual([
      [described, 'garmin:3988123456', 'Forerunner 245'],
      [lower, 'garmin:42', 'B'],
      [long, 'volume:C', 'C'],
      [none, 'volume:D', 'D'],
      [wordy, 'garmin:7', 'E'],
      [folder, 'volume:F', 'F'],
    ])
  })

  it('reads only the first 256 KiB of GarminDevice.xml', async () => {
    const padding = ' '.repeat(256 * 1024 - 30)
    // The id ends just inside the limit on one drive, 20 bytes past it on the other.
    await drive('IN', ['GARMIN/Activity'], { 'GARMIN/GarminDevice.xml': `<Device>${padding}<Id>11</Id></Device>` })
    await drive('OUT', ['GARMIN/Activity'], { 'GARMIN/GarminDevice.xml': `<Device>${padding}${' '.repeat(20)}<Id>22</Id></Device>` })
    expect((await byMount([media])).map((volume) => [volume.mount, volume.id])).toEqual([
      [join(media, 'IN'), 'garmin:11'],
      [join(media, 'OUT'), 'volume:OUT'],
    ])
  })
})
