import type { Translate } from './i18n'
import type { MenuTemplate } from './platform'

/** What the menus can ask the app to do. */
export interface MenuActions {
  importWorkouts: () => void
  openDataFolder: () => void
  showLog: () => void
  setLanSharing: (on: boolean) => void
  openDocumentation: () => void
  showAbout: () => void
  quit: () => void
}

/**
 * The native menu: File (Import workouts…, Open data folder, LAN sharing, Quit), Edit (so
 * copy and paste shortcuts work in the page on macOS), View, Window, Help. Roles keep native
 * behaviour; every label comes from the translations.
 */
export function buildAppMenu(t: Translate, actions: MenuActions, state: { lanSharing: boolean; os: NodeJS.Platform }): MenuTemplate {
  const mac = state.os === 'darwin'
  const file: MenuTemplate = [
    { id: 'import-workouts', label: t('MENU.IMPORT_WORKOUTS'), accelerator: 'CmdOrCtrl+O', click: () => actions.importWorkouts() },
    { type: 'separator' },
    { id: 'open-data-folder', label: t('MENU.OPEN_DATA_FOLDER'), click: () => actions.openDataFolder() },
    { id: 'show-log', label: t('MENU.SHOW_LOG'), click: () => actions.showLog() },
    { type: 'separator' },
    {
      id: 'lan-sharing',
      label: t('MENU.SHARE_ON_LAN'),
      type: 'checkbox',
      checked: state.lanSharing,
      click: () => actions.setLanSharing(!state.lanSharing),
    },
    ...(mac ? [] : ([{ type: 'separator' }, { id: 'quit', label: t('MENU.QUIT'), accelerator: 'Ctrl+Q', click: () => actions.quit() }] as MenuTemplate)),
  ]
  const appMenu: MenuTemplate = mac
    ? [
        {
          label: 'Waymark',
          submenu: [
            { id: 'about', label: t('MENU.ABOUT'), click: () => actions.showAbout() },
            { type: 'separator' },
            { role: 'hide', label: t('MENU.HIDE') },
            { role: 'hideOthers', label: t('MENU.HIDE_OTHERS') },
            { role: 'unhide', label: t('MENU.SHOW_ALL') },
            { type: 'separator' },
            { id: 'quit', label: t('MENU.QUIT'), accelerator: 'Cmd+Q', click: () => actions.quit() },
          ],
        },
      ]
    : []
  return [
    ...appMenu,
    { id: 'file', label: t('MENU.FILE'), submenu: file },
    {
      label: t('MENU.EDIT'),
      submenu: [
        { role: 'undo', label: t('MENU.UNDO') },
        { role: 'redo', label: t('MENU.REDO') },
        { type: 'separator' },
        { role: 'cut', label: t('MENU.CUT') },
        { role: 'copy', label: t('MENU.COPY') },
        { role: 'paste', label: t('MENU.PASTE') },
        { role: 'selectAll', label: t('MENU.SELECT_ALL') },
      ],
    },
    {
      label: t('MENU.VIEW'),
      submenu: [
        { role: 'reload', label: t('MENU.RELOAD') },
        { role: 'toggleDevTools', label: t('MENU.TOGGLE_DEVTOOLS') },
        { type: 'separator' },
        { role: 'resetZoom', label: t('MENU.RESET_ZOOM') },
        { role: 'zoomIn', label: t('MENU.ZOOM_IN') },
        { role: 'zoomOut', label: t('MENU.ZOOM_OUT') },
        { type: 'separator' },
        { role: 'togglefullscreen', label: t('MENU.FULL_SCREEN') },
      ],
    },
    {
      label: t('MENU.WINDOW'),
      submenu: [
        { role: 'minimize', label: t('MENU.MINIMIZE') },
        { role: 'close', label: t('MENU.CLOSE_WINDOW') },
      ],
    },
    {
      id: 'help',
      label: t('MENU.HELP'),
      submenu: [
        { id: 'documentation', label: t('MENU.DOCUMENTATION'), click: () => actions.openDocumentation() },
        ...(mac ? [] : ([{ id: 'about', label: t('MENU.ABOUT'), click: () => actions.showAbout() }] as MenuTemplate)),
      ],
    },
  ]
}

export interface TrayActions {
  openWindow: () => void
  copyAddress: (url: string) => void
  setLanSharing: (on: boolean) => void
  quit: () => void
}

/** The tray's tooltip: that the server runs, and where other devices reach it. */
export function trayToolTip(t: Translate, state: { lanSharing: boolean; lanUrls: readonly string[] }): string {
  const [first] = state.lanUrls
  return state.lanSharing && first ? t('TRAY.SERVING_LAN', { url: first }) : t('TRAY.SERVING_LOCAL')
}

/** The tray (menu-bar) menu: status, the LAN addresses to copy, the sharing switch, open and quit. */
export function buildTrayMenu(
  t: Translate,
  actions: TrayActions,
  state: { lanSharing: boolean; lanUrls: readonly string[]; headless: boolean },
): MenuTemplate {
  return [
    { id: 'status', label: trayToolTip(t, state), enabled: false },
    ...state.lanUrls.map((url, index) => ({ id: `copy-${index}`, label: t('TRAY.COPY_ADDRESS', { url }), click: () => actions.copyAddress(url) })),
    { type: 'separator' },
    { id: 'lan-sharing', label: t('MENU.SHARE_ON_LAN'), type: 'checkbox', checked: state.lanSharing, click: () => actions.setLanSharing(!state.lanSharing) },
    ...(state.headless ? [] : ([{ id: 'open', label: t('MENU.OPEN_WINDOW'), click: () => actions.openWindow() }] as MenuTemplate)),
    { type: 'separator' },
    { id: 'quit', label: t('MENU.QUIT'), click: () => actions.quit() },
  ]
}
