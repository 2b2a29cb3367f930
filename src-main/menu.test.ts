import { describe, expect, it, vi } from 'vitest'
import { createTranslator } from './i18n'
import { buildAppMenu, buildTrayMenu, trayToolTip, type MenuActions } from './menu'
import { click, menuItem } from './test/fake-platform'

const actions = (): MenuActions => ({
  importWorkouts: vi.fn(),
  openDataFolder: vi.fn(),
  showLog: vi.fn(),
  setLanSharing: vi.fn(),
  openDocumentation: vi.fn(),
  showAbout: vi.fn(),
  quit: vi.fn(),
})
const t = createTranslator('en-US')

describe('application menu', () => {
  it('offers File › Import workouts… (Ctrl/Cmd+O), Open data folder, the LAN switch and Quit; Help has documentation and About', () => {
    const act = actions()
    const menu = buildAppMenu(t, act, { lanSharing: true, os: 'linux' })
    expect(menu.map((item) => item.label)).toEqual(['File', 'Edit', 'View', 'Window', 'Help'])
    const importItem = menuItem(menu, 'import-workouts')
    expect(importItem).toMatchObject({ label: 'Import workouts…', accelerator: 'CmdOrCtrl+O' })
    for (const [id, action] of [
      ['import-workouts', act.importWorkouts],
      ['open-data-folder', act.openDataFolder],
      ['show-log', act.showLog],
      ['documentation', act.openDocumentation],
      ['about', act.showAbout],
      ['quit', act.quit],
    ] as const) {
      click(menuItem(menu, id))
      expect(action, id).toHaveBeenCalledTimes(1)
    }
    expect(menuItem(menu, 'lan-sharing')).toMatchObject({ type: 'checkbox', checked: true })
    click(menuItem(menu, 'lan-sharing'))
    expect(act.setLanSharing).toHaveBeenCalledWith(false)
  })

  it('follows macOS conventions: an app menu with About and Quit, none in File or Help', () => {
    const menu = buildAppMenu(t, actions(), { lanSharing: false, os: 'darwin' })
    expect(menu[0]?.label).toBe('Waymark')
    const file = menu.find((item) => item.id === 'file')
    expect(menuItem(Array.isArray(file?.submenu) ? file.submenu : [], 'quit')).toBeUndefined()
    expect(menuItem(menu, 'about')).toBeDefined()
    click(menuItem(menu, 'lan-sharing'))
  })

  it('has a translated label on every item, roles included', () => {
    for (const locale of ['en', 'fr', 'de']) {
      const walk = (items: ReturnType<typeof buildAppMenu>): void => {
        for (const item of items) {
          if (item.type === 'separator') continue
          expect(item.label, JSON.stringify(item.role ?? item.id)).toMatch(/\S/)
          if (Array.isArray(item.submenu)) walk(item.submenu)
        }
      }
      walk(buildAppMenu(createTranslator(locale), actions(), { lanSharing: true, os: 'darwin' }))
    }
    expect(menuItem(buildAppMenu(createTranslator('fr'), actions(), { lanSharing: true, os: 'linux' }), 'import-workouts')?.label).toBe(
      'Importer des séances…',
    )
  })
})

describe('tray', () => {
  it('shows the LAN address in the tooltip and copies each address on click', () => {
    const copy = vi.fn()
    const state = { lanSharing: true, lanUrls: ['http://192.168.1.20:5050/', 'http://10.0.0.7:5050/'], headless: false }
    expect(trayToolTip(t, state)).toBe('Waymark is running: http://192.168.1.20:5050/')
    const menu = buildTrayMenu(t, { openWindow: vi.fn(), copyAddress: copy, setLanSharing: vi.fn(), quit: vi.fn() }, state)
    click(menuItem(menu, 'copy-1'))
    expect(copy).toHaveBeenCalledWith('http://10.0.0.7:5050/')
    expect(menuItem(menu, 'status')).toMatchObject({ enabled: false })
  })

  it('says local only when sharing is off, and has no Open item when headless', () => {
    const state = { lanSharing: false, lanUrls: [], headless: true }
    expect(trayToolTip(t, state)).toBe('Waymark is running on this computer only')
    const quit = vi.fn()
    const menu = buildTrayMenu(t, { openWindow: vi.fn(), copyAddress: vi.fn(), setLanSharing: vi.fn(), quit }, state)
    expect(menuItem(menu, 'open')).toBeUndefined()
    click(menuItem(menu, 'quit'))
    expect(quit).toHaveBeenCalled()
  })
})
