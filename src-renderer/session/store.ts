import { useSyncExternalStore } from 'react'
import type { AppConfig, Sport, User } from '../../src/contracts'
import { call } from '../api/client'
import { tokenStorage } from '../api/tokenStorage'
import { applyLanguage } from '../i18n'

type ConfigStatus = 'loading' | 'ready' | 'error'
type SessionStatus = 'checking' | 'anonymous' | 'authenticated'

/** Everything the whole application shares: configuration, session, profile and sports. */
export interface AppState {
  configStatus: ConfigStatus
  config: AppConfig | null
  sessionStatus: SessionStatus
  profile: User | null
  sports: Sport[]
  /** Changes whenever the picture changes, so its address changes too. */
  pictureStamp: number
  /** The page a logout happened on: the guard sends it to plain /login (no `from`). */
  loggedOutFrom: string | null
}

const initialState = (): AppState => ({
  configStatus: 'loading',
  config: null,
  sessionStatus: tokenStorage.get() ? 'checking' : 'anonymous',
  profile: null,
  sports: [],
  pictureStamp: Date.now(),
  loggedOutFrom: null,
})

let state: AppState = initialState()
const listeners = new Set<() => void>()

function setState(patch: Partial<AppState>): void {
  state = { ...state, ...patch }
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export const appStore = {
  getState: (): AppState => state,
  subscribe,
  /** Back to the first state (tests). */
  reset(): void {
    state = initialState()
  },
}

/** Reads a slice of the shared state and re-renders when it changes. */
export function useAppState<T>(select: (state: AppState) => T): T {
  return useSyncExternalStore(subscribe, () => select(state))
}

/** Fetches the public configuration; the shell shows the full-page error when it fails. */
export async function loadConfig(): Promise<void> {
  setState({ configStatus: 'loading' })
  try {
    const response = await call('getConfig')
    setState({ config: response.data, configStatus: 'ready' })
  } catch {
    setState({ configStatus: 'error' })
  }
}

export async function refreshConfig(): Promise<void> {
  const response = await call('getConfig')
  setState({ config: response.data })
}

/** The server has an account now: its first-account notice and setup code no longer apply. */
export function firstAccountCreated(): void {
  if (state.config?.setup_required) setState({ config: { ...state.config, setup_required: false } })
}

/** Replaces the profile (after an edit) and follows its language. */
export function setProfile(profile: User): void {
  // An answer asked for before a logout (the dashboard's refresh) must not bring the session back.
  if (!tokenStorage.get()) return
  // An identical answer (the dashboard's refresh right after the session load) re-renders nothing.
  if (JSON.stringify(profile) !== JSON.stringify(state.profile)) setState({ profile })
  if (profile.language) void applyLanguage(profile.language)
}

export async function reloadSports(): Promise<void> {
  const response = await call('listSports')
  setState({ sports: response.data.sports })
}

/**
 * Loads profile and sports for the stored token. A failed profile load logs out (spec §8):
 * the guard then sends the user to the login page.
 */
export async function loadSession(): Promise<boolean> {
  const token = tokenStorage.get()
  if (!token) {
    setState({ sessionStatus: 'anonymous', profile: null, sports: [] })
    return false
  }
  try {
    // Side by side: the first page waits for both.
    const [profile, sports] = await Promise.all([call('getProfile'), call('listSports')])
    // Logged out (or in as someone else) meanwhile: these answers belong to a session that is over.
    if (tokenStorage.get() !== token) return false
    setProfile(profile.data)
    setState({ sports: sports.data.sports, sessionStatus: 'authenticated' })
    return true
  } catch {
    // At start-up the guard keeps the wanted page as `from`; later, a failed load is a logout.
    if (state.sessionStatus === 'checking') forgetSession(null)
    else logout()
    return false
  }
}

/** Stores a fresh session token and loads what goes with it. */
export async function startSession(token: string): Promise<boolean> {
  tokenStorage.set(token)
  setState({ loggedOutFrom: null })
  return loadSession()
}

/** Keeps a token the server re-issued (a password change invalidates the older ones). */
export function replaceToken(token: string | undefined): void {
  if (token) tokenStorage.set(token)
}

function forgetSession(loggedOutFrom: string | null): void {
  tokenStorage.clear()
  setState({ sessionStatus: 'anonymous', profile: null, sports: [], loggedOutFrom })
}

/** Forgets the session and everything loaded for it; the guard then goes to /login. */
export function logout(): void {
  forgetSession(typeof window === 'undefined' ? null : window.location.pathname)
}

export function bumpPicture(): void {
  setState({ pictureStamp: Date.now() })
}
