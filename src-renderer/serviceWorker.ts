/**
 * How long after the page's `load` the service worker registers: past the first page's start
 * (its chunks, data and first drawing). Installing it fetches the shell again and, once it
 * controls the page, every request goes through it: during the start, on a first visit, that
 * cost the heatmap's first drawing ~30 % (300–450 ms on a loaded machine).
 */
const REGISTER_AFTER_LOAD_MS = 3000

/**
 * Registers the shell-caching service worker where the browser allows it. Browsers only offer
 * service workers in secure contexts (https, or localhost), so on a plain `http://` LAN address
 * this does nothing and the UI simply works online.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || !window.isSecureContext) return
  if (import.meta.env.DEV) return
  window.addEventListener('load', () => {
    setTimeout(() => {
      navigator.serviceWorker.register('/sw.js').catch((error: unknown) => {
        console.warn('Service worker not registered', error)
      })
    }, REGISTER_AFTER_LOAD_MS)
  })
}
