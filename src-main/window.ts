import type { AppWindow, DesktopPlatform, NavigationHooks } from './platform'

/**
 * Settings of the app window's page: it is web content served over HTTP, so it gets no Node,
 * runs sandboxed and isolated from the preload, and a dropped file never replaces the page.
 */
export function windowWebPreferences(preload: string) {
  return {
    preload,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webviewTag: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    navigateOnDragDrop: false,
    spellcheck: true,
  } as const
}

/** What to do with a navigation or a new window: stay on our origin, or hand web links to the browser. */
export function navigationDecision(url: string, appOrigin: string | null): 'allow' | 'external' | 'block' {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return 'block'
  }
  if (appOrigin && parsed.origin === appOrigin) return 'allow'
  return parsed.protocol === 'https:' || parsed.protocol === 'http:' || parsed.protocol === 'mailto:' ? 'external' : 'block'
}

// The page may notify, go full screen and write to the clipboard; cameras, location and the rest are refused.
const ALLOWED_PERMISSIONS = new Set(['notifications', 'fullscreen', 'clipboard-sanitized-write'])

/**
 * Keeps the window on the app: new windows are always denied (web links open in the system
 * browser), navigation to another origin is cancelled (the same), and only a few harmless
 * permissions are granted to our own origin.
 */
export function secureNavigation(
  hooks: NavigationHooks,
  appOrigin: () => string | null,
  openExternal: (url: string) => Promise<void>,
  log: (line: string) => void,
): void {
  const leave = (url: string) => {
    const decision = navigationDecision(url, appOrigin())
    if (decision === 'external') void openExternal(url).catch(() => log(`could not open ${url}`))
    else if (decision === 'block') log(`blocked navigation to ${url}`)
    return decision
  }
  hooks.setWindowOpenHandler(({ url }) => {
    leave(url)
    return { action: 'deny' }
  })
  hooks.onWillNavigate((url, prevent) => {
    if (navigationDecision(url, appOrigin()) === 'allow') return
    prevent()
    leave(url)
  })
  hooks.setPermissionHandler(
    (permission, requestingUrl) => ALLOWED_PERMISSIONS.has(permission) && navigationDecision(requestingUrl, appOrigin()) === 'allow',
  )
}

/** The first page: a plain "starting" screen shown until the server answers (no script, no network). */
export function splashPage(text: string, language: string): string {
  const escaped = text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`)
  const html = `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><title>Waymark</title>
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<style>html,body{height:100%;margin:0}body{display:flex;align-items:center;justify-content:center;font:16px system-ui,sans-serif;color:#2b3a42;background:#f4f7f6}
.spin{width:28px;height:28px;margin-right:14px;border:3px solid #c9d6d1;border-top-color:#1f7a5a;border-radius:50%;animation:s 1s linear infinite}
@keyframes s{to{transform:rotate(360deg)}}@media (prefers-color-scheme:dark){body{color:#e4ece9;background:#1b2226}}</style></head>
<body><div class="spin" aria-hidden="true"></div><p role="status">${escaped}</p></body></html>`
  return `data:text/html;charset=utf-8,${encodeURIComponent(html)}`
}

/** Creates the main window on the splash page, with the navigation guards in place before any load. */
export function openMainWindow(
  platform: DesktopPlatform,
  options: { title: string; splashText: string; language: string; appOrigin: () => string | null },
): AppWindow {
  const window = platform.createWindow({ title: options.title, preload: platform.paths.preload })
  secureNavigation(window.navigation, options.appOrigin, (url) => platform.openExternal(url), (line) => platform.log(line))
  void window.loadURL(splashPage(options.splashText, options.language))
  return window
}
