const KEY = 'authToken'

/** The session token, kept in local storage (spec §4) so a reload keeps the session. */
export const tokenStorage = {
  get(): string | null {
    try {
      return window.localStorage.getItem(KEY)
    } catch {
      return null
    }
  },
  set(token: string): void {
    window.localStorage.setItem(KEY, token)
  },
  clear(): void {
    window.localStorage.removeItem(KEY)
  },
}
