import { lazy, type ReactElement } from 'react'
import { matchRoutes, useRoutes, type RouteObject } from 'react-router-dom'
import { tokenStorage } from '../api/tokenStorage'
import { loadHeatmapEarly } from '../features/heatmap/heatmapRequest'
import { AppRoot } from './AppRoot'

/** What a page route carries besides its element: the loader of its chunk, to fetch it early. */
interface PageHandle {
  load: () => Promise<unknown>
  /** Starts the page's main request when the app opens on it signed in (see `loadEarly`). */
  early?: () => void
}

/**
 * A page in its own chunk, fetched when first shown. Plain React lazy components with the
 * declarative router rather than the data router's `lazy` routes: the data router (loaders,
 * actions, fetchers) would add 14 KB brotli to every first load, the login page's included.
 */
function page<M>(load: () => Promise<M>, render: (module: M) => ReactElement, early?: () => void): Pick<RouteObject, 'element' | 'handle'> {
  const Page = lazy(() => load().then((module) => ({ default: () => render(module) })))
  const handle: PageHandle = { load, early }
  return { element: <Page />, handle }
}

/** The route table of spec §2 inside the root (session, guard, layout); every page is a lazy chunk. */
const routes: RouteObject[] = [
  {
    path: '/',
    element: <AppRoot />,
    children: [
      { index: true, ...page(() => import('../features/dashboard/DashboardPage'), (m) => <m.DashboardPage />) },
      { path: 'login', ...page(() => import('../features/auth/AuthPage'), (m) => <m.AuthPage action="login" />) },
      { path: 'register', ...page(() => import('../features/auth/AuthPage'), (m) => <m.AuthPage action="register" />) },
      { path: 'account-confirmation', ...page(() => import('../features/auth/AccountConfirmationPage'), (m) => <m.AccountConfirmationPage />) },
      {
        path: 'account-confirmation/resend',
        ...page(() => import('../features/auth/AuthPage'), (m) => <m.AuthPage action="account-confirmation-resend" />),
      },
      {
        path: 'account-confirmation/email-sent',
        ...page(() => import('../features/auth/NoticePage'), (m) => <m.NoticePage kind="email-sent" />),
      },
      {
        path: 'password-reset/request',
        ...page(() => import('../features/auth/AuthPage'), (m) => <m.AuthPage action="reset-request" />),
      },
      { path: 'password-reset/sent', ...page(() => import('../features/auth/NoticePage'), (m) => <m.NoticePage kind="reset-sent" />) },
      { path: 'password-reset', ...page(() => import('../features/auth/AuthPage'), (m) => <m.AuthPage action="reset" />) },
      {
        path: 'password-reset/password-updated',
        ...page(() => import('../features/auth/NoticePage'), (m) => <m.NoticePage kind="password-updated" />),
      },
      { path: 'email-update', ...page(() => import('../features/auth/EmailUpdatePage'), (m) => <m.EmailUpdatePage />) },
      {
        path: 'profile',
        ...page(() => import('../features/profile/ProfilePage'), (m) => <m.ProfilePage />),
        children: [
          { index: true, ...page(() => import('../features/profile/ProfileTabs'), (m) => <m.ProfileInfoTab />) },
          { path: 'preferences', ...page(() => import('../features/profile/ProfileTabs'), (m) => <m.ProfilePreferencesTab />) },
          { path: 'sports', ...page(() => import('../features/profile/ProfileTabs'), (m) => <m.ProfileSportsTab />) },
        ],
      },
      {
        path: 'profile/edit',
        ...page(() => import('../features/profile/ProfileEditPage'), (m) => <m.ProfileEditPage />),
        children: [
          { index: true, ...page(() => import('../features/profile/EditInfoForm'), (m) => <m.EditInfoForm />) },
          { path: 'account', ...page(() => import('../features/profile/EditAccountForm'), (m) => <m.EditAccountForm />) },
          { path: 'picture', ...page(() => import('../features/profile/EditPictureForm'), (m) => <m.EditPictureForm />) },
          { path: 'preferences', ...page(() => import('../features/profile/EditPreferencesForm'), (m) => <m.EditPreferencesForm />) },
          { path: 'sports', ...page(() => import('../features/profile/SportPreferences'), (m) => <m.SportPreferences editable />) },
          { path: 'privacy-zones', ...page(() => import('../features/sharing/PrivacyZones'), (m) => <m.PrivacyZones />) },
        ],
      },
      { path: 'notifications', ...page(() => import('../features/sharing/NotificationsPage'), (m) => <m.NotificationsPage />) },
      { path: 'users/:username', ...page(() => import('../features/users/UserPage'), (m) => <m.UserPage />) },
      { path: 'statistics', ...page(() => import('../features/statistics/StatisticsPage'), (m) => <m.StatisticsPage />) },
      { path: 'heatmap', ...page(() => import('../features/heatmap/HeatmapPage'), (m) => <m.HeatmapPage />, loadHeatmapEarly) },
      { path: 'equipment', ...page(() => import('../features/equipment/EquipmentPage'), (m) => <m.EquipmentPage />) },
      { path: 'workouts', ...page(() => import('../features/workouts-list/WorkoutsListPage'), (m) => <m.WorkoutsListPage />) },
      { path: 'workouts/add', ...page(() => import('../features/add-workout/AddWorkoutPage'), (m) => <m.AddWorkoutPage />) },
      { path: 'workouts/:workoutId', ...page(() => import('../features/workout/WorkoutPage'), (m) => <m.WorkoutPage />) },
      { path: 'workouts/:workoutId/segment/:segmentId', ...page(() => import('../features/workout/WorkoutPage'), (m) => <m.WorkoutPage segment />) },
      { path: 'workouts/:workoutId/edit', ...page(() => import('../features/workout/EditWorkoutPage'), (m) => <m.EditWorkoutPage />) },
      {
        path: 'admin',
        ...page(() => import('../features/admin/AdminSection'), (m) => <m.AdminSection />),
        children: [
          { index: true, ...page(() => import('../features/admin/AdminMenu'), (m) => <m.AdminMenu />) },
          { path: 'application', ...page(() => import('../features/admin/ApplicationPage'), (m) => <m.ApplicationPage editing={false} />) },
          { path: 'application/edit', ...page(() => import('../features/admin/ApplicationPage'), (m) => <m.ApplicationPage editing />) },
          { path: 'sports', ...page(() => import('../features/admin/SportsAdmin'), (m) => <m.SportsAdmin />) },
          { path: 'users', ...page(() => import('../features/admin/UsersAdmin'), (m) => <m.UsersAdmin />) },
          { path: 'users/:username', ...page(() => import('../features/admin/UserAdmin'), (m) => <m.UserAdmin />) },
          // Any other /admin path: the 404, for administrators as for everyone.
          { path: '*', ...page(() => import('../components/NotFoundPage'), (m) => <m.NotFoundPage />) },
        ],
      },
      { path: 'desktop', ...page(() => import('../features/desktop/LanSharingPage'), (m) => <m.LanSharingPage />) },
      { path: 'share/:token', ...page(() => import('../features/sharing/SharedWorkoutPage'), (m) => <m.SharedWorkoutPage />) },
      { path: 'about', ...page(() => import('../features/about/AboutPage'), (m) => <m.AboutPage />) },
      { path: '*', ...page(() => import('../components/NotFoundPage'), (m) => <m.NotFoundPage />) },
    ],
  },
]

/** The page of the current address (the root renders it, in its error boundary and layout). */
export function AppRoutes() {
  return useRoutes(routes)
}

/**
 * Starts fetching the chunks of the page at `pathname` at once, alongside the configuration and
 * session checks, rather than once the root renders it; with a stored session, its data too.
 */
export function preloadPage(pathname: string): void {
  const signedIn = tokenStorage.get() !== null
  for (const match of matchRoutes(routes, pathname) ?? []) {
    const handle = match.route.handle as PageHandle | undefined
    // The data first: the chunks' requests would otherwise hold every connection.
    if (signedIn) handle?.early?.()
    void handle?.load().catch(() => undefined)
  }
}
