/**
 * Registers the shell-caching service worker where the browser allows it. Browsers only offer
 * service workers in secure contexts (https, or localhost), so on a plain `http://` LAN address
 * this does nothing and the UI simply works online.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || !window.isSecureContext) return
  if (import.meta.env.DEV) return
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch((error: unknown) => {
      console.warn('Service worker not registered', error)
    })
  })
}
