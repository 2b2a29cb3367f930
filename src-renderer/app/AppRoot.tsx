import { Suspense, useDeferredValue } from 'react'
import { Navigate, Outlet, useLocation } from 'react-router-dom'
import { PageLoader } from '../components/PageLoader'
import { WorkoutFilesHandOver } from '../features/desktop/WorkoutFilesHandOver'
import { useAllTexts } from '../i18n'
import { useAppState } from '../session/store'
import { AppError } from './AppError'
import { guardRedirect } from './guard'
import { Layout } from './Layout'
import { RouteErrorBoundary } from './RouteError'

/**
 * The root of every page: waits for the configuration (or shows the full-page error), checks the
 * stored session first, then applies the routing guard before showing the page in the layout
 * (a loader while its chunk comes, the error if it fails).
 */
export function AppRoot() {
  const location = useLocation()
  // The store's changes render at once and in one piece (useSyncExternalStore); deferred, the
  // page they let through renders in slices between which the browser stays responsive.
  const configStatus = useDeferredValue(useAppState((state) => state.configStatus))
  const sessionStatus = useDeferredValue(useAppState((state) => state.sessionStatus))
  const loggedOutFrom = useAppState((state) => state.loggedOutFrom)
  const setupRequired = useAppState((state) => Boolean(state.config?.setup_required))
  // Signed-in pages wait for their texts (visitor pages come with the first script).
  const textsIn = useDeferredValue(useAllTexts(sessionStatus === 'authenticated'))

  if (configStatus === 'error') return <AppError />
  if (configStatus === 'loading' || sessionStatus === 'checking' || (sessionStatus === 'authenticated' && !textsIn)) return <PageLoader fullPage />

  const guarded = guardRedirect(location.pathname, location.search, sessionStatus === 'authenticated', setupRequired)
  // After a logout the user goes to the login page itself, not back to where they were.
  const redirect = guarded && loggedOutFrom === location.pathname ? '/login' : guarded
  if (redirect) return <Navigate to={redirect} replace />

  return (
    <Layout>
      <WorkoutFilesHandOver signedIn={sessionStatus === 'authenticated'} />
      {/* A failed page shows its error inside the layout; another address starts afresh. */}
      <RouteErrorBoundary key={location.pathname}>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </RouteErrorBoundary>
    </Layout>
  )
}
