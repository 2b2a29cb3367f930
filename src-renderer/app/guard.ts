/** Pages everyone may open, logged in or not (spec §2). */
const OPEN_PATHS = ['/email-update', '/about', '/share']

/** Pages only for visitors: a logged-in user is sent home from them. */
const VISITOR_PREFIXES = ['/login', '/register', '/password-reset', '/account-confirmation']

function matchesPrefix(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`)
}

function isVisitorPage(pathname: string): boolean {
  return VISITOR_PREFIXES.some((prefix) => matchesPrefix(pathname, prefix))
}

/**
 * Where the routing guard sends a navigation, or null to let it through. Anonymous users go to
 * `/login?from=<wanted path>` (no `from` for `/`); the admin flag is not checked here. While the
 * server has no account at all, there is nobody to log in as: the first visit (and the login page)
 * leads to creating the first account instead.
 */
export function guardRedirect(pathname: string, search: string, authenticated: boolean, setupRequired = false): string | null {
  if (OPEN_PATHS.some((path) => matchesPrefix(pathname, path))) return null
  if (isVisitorPage(pathname)) return authenticated ? '/' : setupRequired && matchesPrefix(pathname, '/login') ? '/register' : null
  if (authenticated) return null
  if (setupRequired) return '/register'
  return pathname === '/' ? '/login' : `/login?from=${encodeURIComponent(pathname + search)}`
}

/**
 * The place to go after login: the `from` parameter when it is a path inside the app, else `/`.
 * Anything else (another site, a protocol-relative URL) is ignored.
 */
export function safeFrom(from: string | null): string {
  if (!from || !from.startsWith('/') || from.startsWith('//')) return '/'
  return from
}
