import { createBrowserRouter, type RouteObject } from 'react-router-dom'
import { PageLoader } from '../components/PageLoader'
import { AppRoot } from './AppRoot'
import { RouteError } from './RouteError'

/**
 * The route table of spec §2. Every page is a lazy chunk; screens of later issues (dashboard,
 * workouts, statistics, administration) show a placeholder until they land.
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <AppRoot />,
    // Shown while the first lazy page loads.
    hydrateFallbackElement: <PageLoader fullPage />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { index: true, lazy: () => import('../features/dashboard/DashboardPage').then((m) => ({ Component: m.DashboardPage })) },
          { path: 'login', lazy: () => import('../features/auth/AuthPage').then((m) => ({ element: <m.AuthPage action="login" /> })) },
          { path: 'register', lazy: () => import('../features/auth/AuthPage').then((m) => ({ element: <m.AuthPage action="register" /> })) },
          { path: 'account-confirmation', lazy: () => import('../features/auth/AccountConfirmationPage').then((m) => ({ Component: m.AccountConfirmationPage })) },
          {
            path: 'account-confirmation/resend',
            lazy: () => import('../features/auth/AuthPage').then((m) => ({ element: <m.AuthPage action="account-confirmation-resend" /> })),
          },
          {
            path: 'account-confirmation/email-sent',
            lazy: () => import('../features/auth/NoticePage').then((m) => ({ element: <m.NoticePage kind="email-sent" /> })),
          },
          {
            path: 'password-reset/request',
            lazy: () => import('../features/auth/AuthPage').then((m) => ({ element: <m.AuthPage action="reset-request" /> })),
          },
          { path: 'password-reset/sent', lazy: () => import('../features/auth/NoticePage').then((m) => ({ element: <m.NoticePage kind="reset-sent" /> })) },
          { path: 'password-reset', lazy: () => import('../features/auth/AuthPage').then((m) => ({ element: <m.AuthPage action="reset" /> })) },
          {
            path: 'password-reset/password-updated',
            lazy: () => import('../features/auth/NoticePage').then((m) => ({ element: <m.NoticePage kind="password-updated" /> })),
          },
          { path: 'email-update', lazy: () => import('../features/auth/EmailUpdatePage').then((m) => ({ Component: m.EmailUpdatePage })) },
          {
            path: 'profile',
            lazy: () => import('../features/profile/ProfilePage').then((m) => ({ Component: m.ProfilePage })),
            children: [
              { index: true, lazy: () => import('../features/profile/ProfileTabs').then((m) => ({ Component: m.ProfileInfoTab })) },
              { path: 'preferences', lazy: () => import('../features/profile/ProfileTabs').then((m) => ({ Component: m.ProfilePreferencesTab })) },
              { path: 'sports', lazy: () => import('../features/profile/ProfileTabs').then((m) => ({ Component: m.ProfileSportsTab })) },
            ],
          },
          {
            path: 'profile/edit',
            lazy: () => import('../features/profile/ProfileEditPage').then((m) => ({ Component: m.ProfileEditPage })),
            children: [
              { index: true, lazy: () => import('../features/profile/EditInfoForm').then((m) => ({ Component: m.EditInfoForm })) },
              { path: 'account', lazy: () => import('../features/profile/EditAccountForm').then((m) => ({ Component: m.EditAccountForm })) },
              { path: 'picture', lazy: () => import('../features/profile/EditPictureForm').then((m) => ({ Component: m.EditPictureForm })) },
              { path: 'preferences', lazy: () => import('../features/profile/EditPreferencesForm').then((m) => ({ Component: m.EditPreferencesForm })) },
              { path: 'sports', lazy: () => import('../features/profile/SportPreferences').then((m) => ({ element: <m.SportPreferences editable /> })) },
            ],
          },
          { path: 'users/:username', lazy: () => import('../features/users/UserPage').then((m) => ({ Component: m.UserPage })) },
          { path: 'statistics', lazy: () => import('../features/statistics/StatisticsPage').then((m) => ({ Component: m.StatisticsPage })) },
          { path: 'heatmap', lazy: () => import('../features/heatmap/HeatmapPage').then((m) => ({ Component: m.HeatmapPage })) },
          { path: 'workouts', lazy: () => import('../features/workouts-list/WorkoutsListPage').then((m) => ({ Component: m.WorkoutsListPage })) },
          { path: 'workouts/add', lazy: () => import('../features/add-workout/AddWorkoutPage').then((m) => ({ Component: m.AddWorkoutPage })) },
          { path: 'workouts/:workoutId', lazy: () => import('../features/workout/WorkoutPage').then((m) => ({ element: <m.WorkoutPage /> })) },
          { path: 'workouts/:workoutId/segment/:segmentId', lazy: () => import('../features/workout/WorkoutPage').then((m) => ({ element: <m.WorkoutPage segment /> })) },
          { path: 'workouts/:workoutId/edit', lazy: () => import('../features/workout/EditWorkoutPage').then((m) => ({ Component: m.EditWorkoutPage })) },
          {
            path: 'admin',
            lazy: () => import('../features/admin/AdminSection').then((m) => ({ Component: m.AdminSection })),
            children: [
              { index: true, lazy: () => import('../features/admin/AdminMenu').then((m) => ({ Component: m.AdminMenu })) },
              { path: 'application', lazy: () => import('../features/admin/ApplicationPage').then((m) => ({ element: <m.ApplicationPage editing={false} /> })) },
              { path: 'application/edit', lazy: () => import('../features/admin/ApplicationPage').then((m) => ({ element: <m.ApplicationPage editing /> })) },
              { path: 'sports', lazy: () => import('../features/admin/SportsAdmin').then((m) => ({ Component: m.SportsAdmin })) },
              { path: 'users', lazy: () => import('../features/admin/UsersAdmin').then((m) => ({ Component: m.UsersAdmin })) },
              { path: 'users/:username', lazy: () => import('../features/admin/UserAdmin').then((m) => ({ Component: m.UserAdmin })) },
              // Any other /admin path: the 404, for administrators as for everyone.
              { path: '*', lazy: () => import('../components/NotFoundPage').then((m) => ({ Component: m.NotFoundPage })) },
            ],
          },
          { path: 'desktop', lazy: () => import('../features/desktop/LanSharingPage').then((m) => ({ Component: m.LanSharingPage })) },
          { path: 'about', lazy: () => import('../features/about/AboutPage').then((m) => ({ Component: m.AboutPage })) },
          { path: '*', lazy: () => import('../components/NotFoundPage').then((m) => ({ Component: m.NotFoundPage })) },
        ],
      },
    ],
  },
]

export function createAppRouter() {
  return createBrowserRouter(routes)
}
