/** Fired when notifications were marked: the bell reads its count again. */
const EVENT = 'waymark:notifications-changed'

export const notificationsChanged = (): void => {
  window.dispatchEvent(new Event(EVENT))
}

export function onNotificationsChanged(listener: () => void): () => void {
  window.addEventListener(EVENT, listener)
  return () => window.removeEventListener(EVENT, listener)
}
