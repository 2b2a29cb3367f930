import type { DesktopServer } from './desktop-server'
import type { Translate } from './i18n'
import type { MessageBoxOptions } from './platform'
import type { DeviceFoundMessage } from './server/protocol'

export interface DeviceOffersDeps {
  server: DesktopServer
  t: Translate
  showMessageBox: (options: MessageBoxOptions) => Promise<number>
  log: (line: string) => void
}

/**
 * Asks, once per plugged-in watch, whether its new workouts are imported and into which account;
 * the answer ("not this device" included) is remembered in the settings and the server restarts
 * with it. "Later" (or closing the dialog) asks again at the app's next start.
 */
export function createDeviceOffers(deps: DeviceOffersDeps): (device: Omit<DeviceFoundMessage, 'type'>) => Promise<void> {
  const { t } = deps
  /** Devices being asked about, or put off until the next start. */
  const open = new Set<string>()
  return async (device) => {
    if (open.has(device.id) || (await deps.server.info()).devices.some((known) => known.id === device.id)) return
    open.add(device.id)
    const [only] = device.accounts
    const single = device.accounts.length === 1
    const buttons = [
      ...device.accounts.map((username) => (single ? t('DEVICES.IMPORT') : t('DEVICES.IMPORT_INTO', { username }))),
      t('DEVICES.NOT_THIS_DEVICE'),
      t('DEVICES.LATER'),
    ]
    const later = buttons.length - 1
    const choice = await deps.showMessageBox({
      type: 'question',
      title: t('DEVICES.ASK_TITLE'),
      message: t('DEVICES.ASK_MESSAGE', { name: device.name }),
      detail: `${single && only ? `${t('WATCHED.FOR', { username: only })}. ` : ''}${t('DEVICES.ASK_DETAIL', { page: t('PANEL.NAV') })}`,
      buttons,
      defaultId: 0,
      cancelId: later,
    })
    if (choice === later) return
    await deps.server.rememberDevice({ id: device.id, name: device.name, username: device.accounts[choice] ?? null })
    // Remembered now: the settings answer from here on, and "forget" makes the app ask again.
    open.delete(device.id)
  }
}
