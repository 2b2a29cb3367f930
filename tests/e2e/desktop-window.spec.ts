import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { installFakeBridge, recordedCalls, type FakeDesktopWindow, type FakeFile, type ServerInfo } from './desktop-fake-bridge'
import { createActiveUser, newAccount, openWithToken, trackPageErrors } from './helpers'
import { gpxText, syntheticGpx } from './workout-helpers'

const QR = (label: string) => `data:image/svg+xml;utf8,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><title>${label}</title><rect width="10" height="10"/></svg>`)}`

const INFO: ServerInfo = {
  localUrl: 'http://127.0.0.1:5123/',
  port: 5123,
  lanSharing: true,
  lanAddresses: [
    { url: 'http://192.168.1.20:5123/', qrCode: QR('wifi') },
    { url: 'http://10.0.0.5:5123/', qrCode: QR('ethernet') },
  ],
  dataFolder: '/home/ana/.config/Waymark/data',
  setupCode: 'K7QM-3XPT',
  watchFolders: [],
  devices: [
    { id: 'garmin:3988123456', name: 'Forerunner 245', username: 'ana' },
    { id: 'volume:EDGE', name: 'EDGE', username: null },
  ],
}

const gpxFile = (name: string, start: string): FakeFile => ({ name, text: syntheticGpx(30, start), type: 'application/gpx+xml' })

async function chooseSport(page: Page) {
  await page.getByTestId('sport-select').click()
  await page.getByRole('option').first().click()
}

async function signedInDesktop(page: Page, request: Parameters<typeof createActiveUser>[0], path: string, picked: FakeFile[] = []) {
  await installFakeBridge(page, { info: INFO, picked, move: { status: 'failed', reason: 'not-empty' }, watchFolder: '/home/ana/Sync/Watch' })
  const token = await createActiveUser(request, newAccount('desk'))
  await openWithToken(page, token, path)
}

/** Submits the add form and waits for the per-file results. */
async function importAndWait(page: Page, count: number) {
  await chooseSport(page)
  await page.getByTestId('submit').click()
  await expect(page.getByTestId('import-summary')).toBeVisible({ timeout: 20_000 })
  await expect(page.getByTestId('import-result')).toHaveCount(count)
}

/** Fires drag events at the element under a point, as the file manager does over the window. */
async function dragOver(page: Page, type: 'dragenter' | 'dragleave', files: FakeFile[] = []) {
  await page.evaluate(
    ({ type, files }) => {
      const data = new DataTransfer()
      for (const file of files) data.items.add(new File([file.text], file.name, { type: file.type }))
      document.querySelector('main')?.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: data }))
    },
    { type, files },
  )
}

/** Drops files on the page's main area (not a drop zone), returning whether the default was prevented. */
async function dropOnPage(page: Page, files: FakeFile[]): Promise<boolean> {
  return page.evaluate((files) => {
    const data = new DataTransfer()
    for (const file of files) data.items.add(new File([file.text], file.name, { type: file.type }))
    const target = document.querySelector('main')
    if (!target) throw new Error('no main')
    target.dispatchEvent(new DragEvent('dragenter', { bubbles: true, cancelable: true, dataTransfer: data }))
    target.dispatchEvent(new DragEvent('dragover', { bubbles: true, cancelable: true, dataTransfer: data }))
    const drop = new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer: data })
    target.dispatchEvent(drop)
    return drop.defaultPrevented
  }, files)
}

test.describe('desktop window (fake preload bridge)', () => {
  test('the native dialog picks files for the import, with a notification at the end', async ({ page, request }) => {
    const errors = trackPageErrors(page)
    await signedInDesktop(page, request, '/workouts/add', [gpxFile('morning.gpx', '2024-03-01T07:00:00Z'), gpxFile('evening.gpx', '2024-03-01T18:00:00Z')])
    await page.getByTestId('choose-files').click()
    await expect(page.getByTestId('selected-files')).toContainText('morning.gpx')
    await expect(page.getByTestId('selected-files')).toContainText('evening.gpx')
    expect(await recordedCalls(page, 'pickWorkoutFiles')).toHaveLength(1)
    await importAndWait(page, 2)
    await expect(page.locator('[data-testid="import-result"][data-status="imported"]')).toHaveCount(2)
    await expect.poll(() => recordedCalls(page, 'notifyImportFinished')).toEqual([{ method: 'notifyImportFinished', args: [{ imported: 2, failed: 0 }] }])
    expect(errors).toEqual([])
  })

  test('dragging files over any page shows the drop overlay', async ({ page, request }) => {
    await signedInDesktop(page, request, '/workouts')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(page.getByTestId('window-drop-overlay')).toHaveCount(0)
    await dragOver(page, 'dragenter', [gpxFile('a.gpx', '2024-03-02T07:00:00Z')])
    await expect(page.getByTestId('window-drop-overlay')).toBeVisible()
    await expect(page.getByTestId('window-drop-overlay')).toContainText('Drop to import')
    await dragOver(page, 'dragleave', [gpxFile('a.gpx', '2024-03-02T07:00:00Z')])
    await expect(page.getByTestId('window-drop-overlay')).toHaveCount(0)
  })

  test('files dropped on another page are imported on the add page, a result per file', async ({ page, request }) => {
    await signedInDesktop(page, request, '/statistics')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    const prevented = await dropOnPage(page, [
      gpxFile('hill.gpx', '2024-03-03T07:00:00Z'),
      { name: 'segments.gpx', text: gpxText('gpx_file_with_3_segments.gpx'), type: 'application/gpx+xml' },
      { name: 'notes.txt', text: 'hello', type: 'text/plain' },
    ])
    expect(prevented).toBe(true)
    await expect(page).toHaveURL(/\/workouts\/add$/)
    await expect(page.getByTestId('window-drop-overlay')).toHaveCount(0)
    await expect(page.getByTestId('selected-files')).toContainText('hill.gpx')
    await expect(page.getByTestId('selected-files')).toContainText('segments.gpx')
    await expect(page.getByTestId('refused-files')).toHaveText('notes.txt is not a GPX, FIT, TCX, KML or zip file: not added.')
    await importAndWait(page, 2)
  })

  test('a dropped folder is walked recursively', async ({ page, request }) => {
    await signedInDesktop(page, request, '/')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    const files = [gpxFile('top.gpx', '2024-03-04T07:00:00Z'), gpxFile('deep.gpx', '2024-03-04T18:00:00Z')]
    await page.evaluate((files) => {
      // Chromium exposes dropped folders as FileSystemEntry trees; a synthetic drop cannot carry
      // one, so the entries are faked in the shape the browser gives them.
      const fileEntry = (file: { name: string; text: string; type: string }) => ({
        isFile: true,
        isDirectory: false,
        file: (ok: (value: File) => void) => ok(new File([file.text], file.name, { type: file.type })),
      })
      const folder = (children: unknown[]) => {
        // readEntries answers in chunks until an empty one.
        const chunks = [children, []]
        return { isFile: false, isDirectory: true, createReader: () => ({ readEntries: (ok: (entries: unknown) => void) => ok(chunks.shift() ?? []) }) }
      }
      const [top, deep] = files
      if (!top || !deep) throw new Error('files')
      const tree = folder([fileEntry(top), folder([fileEntry(deep), fileEntry({ name: 'readme.md', text: '#', type: 'text/markdown' })])])
      const drop = new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer: new DataTransfer() })
      Object.defineProperty(drop, 'dataTransfer', { value: { types: ['Files'], files: [], items: [{ kind: 'file', webkitGetAsEntry: () => tree }] } })
      document.querySelector('main')?.dispatchEvent(drop)
    }, files)
    await expect(page).toHaveURL(/\/workouts\/add$/)
    await expect(page.getByTestId('selected-files')).toContainText('top.gpx')
    await expect(page.getByTestId('selected-files')).toContainText('deep.gpx')
    await expect(page.getByTestId('selected-files')).not.toContainText('readme.md')
    await importAndWait(page, 2)
  })

  test('a drop on the add page\'s own drop zone is imported once', async ({ page, request }) => {
    await signedInDesktop(page, request, '/workouts/add')
    await expect(page.getByTestId('drop-zone')).toBeVisible()
    await page.evaluate(() => {
      const data = new DataTransfer()
      data.items.add(new File(['<gpx/>'], 'once.gpx', { type: 'application/gpx+xml' }))
      const zone = document.querySelector('[data-testid="drop-zone"]')
      for (const type of ['dragenter', 'dragover', 'drop']) zone?.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: data }))
    })
    await expect(page.getByTestId('selected-files')).toContainText('1 file selected')
    await expect(page.getByTestId('selected-files').getByText('once.gpx')).toHaveCount(1)
  })

  test('files opened with the app are imported from whichever page shows', async ({ page, request }) => {
    await signedInDesktop(page, request, '/profile')
    await expect(page.getByTestId('nav-profile')).toBeVisible()
    await page.evaluate(
      (files) => (window as unknown as FakeDesktopWindow).fakeDesktop.openFiles(files),
      [gpxFile('opened-1.gpx', '2024-03-05T07:00:00Z'), gpxFile('opened-2.gpx', '2024-03-05T18:00:00Z')],
    )
    await expect(page).toHaveURL(/\/workouts\/add$/)
    await expect(page.getByTestId('selected-files')).toContainText('opened-1.gpx')
    await expect(page.getByTestId('selected-files')).toContainText('opened-2.gpx')
    await importAndWait(page, 2)
    await expect.poll(async () => (await recordedCalls(page, 'notifyImportFinished')).length).toBe(1)
  })

  test('the LAN panel: addresses with QR codes, the sharing switch, the data folder', async ({ page, request }) => {
    const errors = trackPageErrors(page)
    await signedInDesktop(page, request, '/')
    await page.getByRole('link', { name: 'Local network' }).click()
    await expect(page).toHaveURL(/\/desktop$/)
    await expect(page.getByTestId('lan-address')).toHaveCount(2)
    await expect(page.getByTestId('lan-url')).toHaveText(['http://192.168.1.20:5123/', 'http://10.0.0.5:5123/'])
    const qr = page.getByRole('img', { name: 'QR code for http://192.168.1.20:5123/' })
    await expect(qr).toBeVisible()
    await expect(qr).toHaveAttribute('src', /^data:image\/svg\+xml/)
    expect(await qr.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true)
    await expect(page.getByTestId('data-folder-path')).toHaveText(INFO.dataFolder)

    const lanSwitch = page.getByRole('switch', { name: 'Share on the local network' })
    await expect(lanSwitch).toBeChecked()
    await lanSwitch.click()
    await expect(lanSwitch).not.toBeChecked()
    await expect(page.getByTestId('lan-status')).toHaveText('Only this computer can open Waymark.')
    await expect(page.getByTestId('lan-address')).toHaveCount(0)
    expect(await recordedCalls(page, 'setLanSharing')).toEqual([{ method: 'setLanSharing', args: [false] }])

    // Changes made elsewhere (tray, menu, a moved folder) show at once.
    await page.evaluate((info) => (window as unknown as FakeDesktopWindow).fakeDesktop.changeInfo(info), { ...INFO, dataFolder: '/mnt/data/waymark' })
    await expect(lanSwitch).toBeChecked()
    await expect(page.getByTestId('lan-address')).toHaveCount(2)
    await expect(page.getByTestId('data-folder-path')).toHaveText('/mnt/data/waymark')

    await page.getByTestId('open-data-folder').click()
    await page.getByTestId('move-data-folder').click()
    await expect(page.getByTestId('move-outcome')).toHaveText('Choose an empty folder.')
    expect((await recordedCalls(page)).map((call) => call.method)).toEqual(['setLanSharing', 'openDataFolder', 'moveDataFolder'])
    expect(errors).toEqual([])
  })

  test('watched folders: added through the folder dialog for the signed-in account, and removed', async ({ page, request }) => {
    const errors = trackPageErrors(page)
    await signedInDesktop(page, request, '/desktop')
    const card = page.getByTestId('watched-folders')
    await expect(card.getByText('No folder is watched.')).toBeVisible()
    await card.getByRole('button', { name: 'Watch a folder…' }).click()
    await expect(page.getByTestId('watched-folder-setting')).toHaveCount(1)
    await expect(page.getByTestId('watched-folder-setting')).toContainText('/home/ana/Sync/Watch')
    const [added] = await recordedCalls(page, 'addWatchedFolder')
    expect(added?.args[0]).toMatch(/^desk/)
    await page.getByRole('button', { name: 'Stop watching /home/ana/Sync/Watch' }).click()
    await expect(page.getByTestId('watched-folder-setting')).toHaveCount(0)
    expect(errors).toEqual([])
  })

  test('plugged-in watches: each answer is listed with its account, and can be forgotten', async ({ page, request }) => {
    const errors = trackPageErrors(page)
    await signedInDesktop(page, request, '/desktop')
    const card = page.getByTestId('devices')
    await expect(card.getByTestId('device-setting')).toHaveCount(2)
    await expect(card.getByTestId('device-setting').first()).toContainText('Forerunner 245')
    await expect(card.getByTestId('device-setting').first()).toContainText('Into the account ana')
    await expect(card.getByTestId('device-setting').last()).toContainText('Its workouts are not imported')
    await card.getByRole('button', { name: 'Forget Forerunner 245' }).click()
    await expect(card.getByTestId('device-setting')).toHaveCount(1)
    expect(await recordedCalls(page, 'forgetDevice')).toEqual([{ method: 'forgetDevice', args: ['garmin:3988123456'] }])
    await card.getByRole('button', { name: 'Forget EDGE' }).click()
    await expect(card.getByText('No watch has been answered for yet.')).toBeVisible()
    expect(errors).toEqual([])
  })

  test('in a browser (no bridge) there is no LAN panel', async ({ page, request }) => {
    const token = await createActiveUser(request, newAccount('browser'))
    await openWithToken(page, token, '/')
    await expect(page.getByRole('link', { name: 'Dashboard' }).first()).toBeVisible()
    await expect(page.getByRole('link', { name: 'Local network' })).toHaveCount(0)
    await page.goto('/desktop')
    await expect(page.getByTestId('lan-panel')).toHaveCount(0)
    await expect(page.getByText('Page not found')).toBeVisible()
  })
})

test.describe('the desktop window before the first account', () => {
  // A server of its own: no account exists yet.
  test.use({ serverName: 'desktop-first-account', accounts: 'none' })

  test('shows the setup code other devices need, and asks for none itself', async ({ page }) => {
    await installFakeBridge(page, { info: INFO })
    await page.goto('/register')
    await expect(page.getByTestId('desktop-setup-code')).toHaveText(/enter this setup code there: K7QM-3XPT$/)
    await expect(page.getByLabel('Setup code')).toHaveCount(0)
  })
})
