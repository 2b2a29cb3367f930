import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { DEFAULT_DESKTOP_PORT, DEFAULT_SETTINGS, openSettings } from './settings'

describe('desktop settings', () => {
  let dir: string
  let file: string
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'waymark-settings-'))
    file = join(dir, 'nested', 'desktop-settings.json')
  })
  afterEach(() => rmSync(dir, { recursive: true, force: true }))

  it('starts from the defaults: stable port, LAN sharing on, default data folder', () => {
    expect(openSettings(file).get()).toEqual({ port: DEFAULT_DESKTOP_PORT, lanSharing: true, dataFolder: null, keepServingNoticeShown: false, watchFolders: [], devices: [] })
    expect(DEFAULT_DESKTOP_PORT).not.toBe(5000)
  })

  it('remembers an update across openings, written without a temporary file left over', () => {
    openSettings(file).update({ port: 5051, lanSharing: false })
    expect(openSettings(file).get()).toMatchObject({ port: 5051, lanSharing: false })
    expect(existsSync(`${file}.tmp`)).toBe(false)
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ port: 5051 })
  })

  it('keeps the good values of a damaged file and resets only the bad ones', () => {
    openSettings(file).update({ dataFolder: '/srv/waymark' })
    const raw = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>
    writeFileSync(file, JSON.stringify({ ...raw, port: 'many', lanSharing: 'yes' }))
    expect(openSettings(file).get()).toEqual({ ...DEFAULT_SETTINGS, dataFolder: '/srv/waymark' })
  })

  it('survives a file that is not JSON', () => {
    openSettings(file).update({ port: 6000 })
    writeFileSync(file, '{ broken')
    expect(openSettings(file).get()).toEqual(DEFAULT_SETTINGS)
  })

  it('refuses to store an invalid value', () => {
    const settings = openSettings(file)
    // The schema's fallbacks apply on read; writing an out-of-range port stores the default instead of garbage.
    expect(settings.update({ port: 80 }).port).toBe(DEFAULT_DESKTOP_PORT)
  })
})
