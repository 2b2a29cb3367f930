import { useEffect, useState } from 'react'
import type { User } from '../../../src/contracts'
import { errorKeysOfUnknown, isApiError } from '../../api/ApiError'
import { call } from '../../api/client'

/** A user page's data: the user, "no such user", or the error keys to show. */
export type LoadedUser = { kind: 'user'; user: User } | { kind: 'missing' } | { kind: 'error'; keys: string[] }

/**
 * Loads a user by name. Each answer remembers whose it is, so a new username shows as loading
 * (`loaded` null) until its own answer arrives. `replace` swaps in a user changed on the page.
 */
export function useUserByName(username: string): { loaded: LoadedUser | null; replace: (user: User) => void } {
  const [answer, setAnswer] = useState<{ username: string; loaded: LoadedUser } | null>(null)

  useEffect(() => {
    let current = true
    const settle = (loaded: LoadedUser) => current && setAnswer({ username, loaded })
    call('getUser', { params: { username } })
      .then((response) => {
        const user = response.data.users[0]
        settle(user ? { kind: 'user', user } : { kind: 'missing' })
      })
      .catch((error: unknown) => {
        if (isApiError(error) && error.status === 404) settle({ kind: 'missing' })
        else settle({ kind: 'error', keys: errorKeysOfUnknown(error) })
      })
    return () => {
      current = false
    }
  }, [username])

  return {
    loaded: answer?.username === username ? answer.loaded : null,
    replace: (user) => setAnswer({ username, loaded: { kind: 'user', user } }),
  }
}
