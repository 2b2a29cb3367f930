/**
 * Every screen a person can open on the seeded server (`scripts/seeded-server.ts`), by name: what
 * `scripts/screenshots.ts` photographs and `scripts/tour.ts` walks.
 */
import type { SeededAccount } from './seeded-server'

export interface Screen {
  name: string
  path: (account: SeededAccount) => string
  signedIn: boolean
}

export const SCREENS: Screen[] = [
  { name: 'login', path: () => '/login', signedIn: false },
  { name: 'register', path: () => '/register', signedIn: false },
  { name: 'reset-request', path: () => '/password-reset/request', signedIn: false },
  { name: 'about', path: () => '/about', signedIn: false },
  { name: 'dashboard', path: () => '/', signedIn: true },
  { name: 'workouts', path: () => '/workouts', signedIn: true },
  { name: 'add-workout', path: () => '/workouts/add', signedIn: true },
  { name: 'workout', path: (account) => `/workouts/${account.trackWorkoutId}`, signedIn: true },
  { name: 'segment', path: (account) => `/workouts/${account.trackWorkoutId}/segment/1`, signedIn: true },
  { name: 'edit-workout', path: (account) => `/workouts/${account.trackWorkoutId}/edit`, signedIn: true },
  { name: 'statistics', path: () => '/statistics', signedIn: true },
  { name: 'heatmap', path: () => '/heatmap', signedIn: true },
  { name: 'equipment', path: () => '/equipment', signedIn: true },
  { name: 'notifications', path: () => '/notifications', signedIn: true },
  { name: 'profile', path: () => '/profile', signedIn: true },
  { name: 'profile-preferences', path: () => '/profile/preferences', signedIn: true },
  { name: 'profile-sports', path: () => '/profile/sports', signedIn: true },
  { name: 'edit-profile', path: () => '/profile/edit', signedIn: true },
  { name: 'edit-account', path: () => '/profile/edit/account', signedIn: true },
  { name: 'edit-picture', path: () => '/profile/edit/picture', signedIn: true },
  { name: 'edit-preferences', path: () => '/profile/edit/preferences', signedIn: true },
  { name: 'edit-sports', path: () => '/profile/edit/sports', signedIn: true },
  { name: 'privacy-zones', path: () => '/profile/edit/privacy-zones', signedIn: true },
  { name: 'user', path: (account) => `/users/${account.username}`, signedIn: true },
  { name: 'admin', path: () => '/admin', signedIn: true },
  { name: 'admin-application', path: () => '/admin/application', signedIn: true },
  { name: 'admin-application-edit', path: () => '/admin/application/edit', signedIn: true },
  { name: 'admin-sports', path: () => '/admin/sports', signedIn: true },
  { name: 'admin-users', path: () => '/admin/users', signedIn: true },
  { name: 'admin-user', path: (account) => `/admin/users/${account.username}`, signedIn: true },
  { name: 'not-found', path: () => '/no-such-page', signedIn: true },
]
