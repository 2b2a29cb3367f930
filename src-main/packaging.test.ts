import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { getConfig, validateConfiguration } from 'app-builder-lib/out/util/config/config'
import { DebugLogger } from 'builder-util/out/DebugLogger'
import { describe, expect, it } from 'vitest'
import { ASSOCIATED_EXTENSIONS } from '../src/desktop/file-types'
import { APP_ID_FOR_TESTS } from './test/app-id'

// electron-builder cannot run here (it downloads Electron), so its configuration is loaded and
// validated with electron-builder's own loader and JSON schema, and checked for what we rely on.
const root = join(__dirname, '..')

describe('electron-builder configuration', () => {
  it("loads with electron-builder's own loader and passes its schema", async () => {
    const config = await getConfig(root, 'electron-builder.yml', null)
    await expect(validateConfiguration(config, new DebugLogger(false))).resolves.toBeUndefined()
  })

  it('packages for Linux, macOS (both architectures) and Windows, with the app id the main process uses', async () => {
    const config = await getConfig(root, 'electron-builder.yml', null)
    expect(config.appId).toBe(APP_ID_FOR_TESTS)
    expect(config.productName).toBe('Waymark')
    expect(config.linux?.target).toEqual(['AppImage', 'deb'])
    expect(config.mac?.target).toEqual([{ target: 'dmg', arch: ['x64', 'arm64'] }])
    expect(config.win?.target).toEqual([{ target: 'nsis', arch: ['x64'] }])
  })

  it('keeps sqlite3 as built (Node-API) and outside the asar', async () => {
    const config = await getConfig(root, 'electron-builder.yml', null)
    expect(config.npmRebuild).toBe(false)
    expect(config.asarUnpack).toContain('node_modules/sqlite3/**/*')
  })

  it('associates exactly the single-track formats, per machine on Windows (required for associations)', async () => {
    const config = await getConfig(root, 'electron-builder.yml', null)
    const associations = Array.isArray(config.fileAssociations) ? config.fileAssociations : []
    expect(associations.map((association) => association.ext)).toEqual([...ASSOCIATED_EXTENSIONS])
    expect(associations.every((association) => association.mimeType)).toBe(true)
    expect(config.nsis?.perMachine).toBe(true)
  })

  it('ships no sources, tests or source maps, and the icons exist', async () => {
    const config = await getConfig(root, 'electron-builder.yml', null)
    // The loader normalises `files` to [{ filter: [...] }].
    const filters = JSON.stringify(config.files)
    for (const pattern of ['out/**/*', '!out/**/*.map', '!**/*.{ts,tsx,mts,map}', '!**/*.{test,spec}.*']) expect(filters).toContain(JSON.stringify(pattern))
    expect(filters).not.toMatch(/"src/)
    for (const icon of ['build/icon.icns', 'build/icon.ico', 'build/icon.png', 'build/icons/256x256.png', 'resources/tray.png', 'resources/trayTemplate.png']) {
      expect(existsSync(join(root, icon)), icon).toBe(true)
    }
    const icns = readFileSync(join(root, 'build/icon.icns'))
    expect(icns.subarray(0, 4).toString('ascii')).toBe('icns')
    expect(icns.readUInt32BE(4)).toBe(icns.length)
    const ico = readFileSync(join(root, 'build/icon.ico'))
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2), ico.readUInt16LE(4)]).toEqual([0, 1, 7])
  })

  it('names the built main entry as package.json "main"', () => {
    const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { main: string }
    expect(manifest.main).toBe('out/main/index.js')
  })
})
