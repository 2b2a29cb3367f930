import { Stack } from '@mantine/core'
import { useEffect, useState } from 'react'
import { useParams } from 'react-router-dom'
import type { User } from '../../../src/contracts'
import { errorKeysOfUnknown, isApiError } from '../../api/ApiError'
import { call } from '../../api/client'
import { ErrorBox } from '../../components/ErrorBox'
import { PageLoader } from '../../components/PageLoader'
import { useAppState } from '../../session/store'
import { NotFoundPage } from '../placeholder/NotFoundPage'
import { preferencesOf } from '../profile/preferences'
import { UserHeader } from '../profile/UserHeader'
import { UserInfoPanel } from '../profile/UserInfoPanel'

type Loaded = { kind: 'user'; user: User } | { kind: 'missing' } | { kind: 'error'; keys: string[] }

/** Another user's page: header card and information panel, in the viewer's units and timezone. */
export function UserPage() {
  const { username = '' } = useParams()
  const viewer = useAppState((state) => state.profile)
  // Each answer remembers whose page it is, so a new username shows the loader until its answer.
  const [answer, setAnswer] = useState<{ username: string; loaded: Loaded } | null>(null)

  useEffect(() => {
    let current = true
    const settle = (loaded: Loaded) => current && setAnswer({ username, loaded })
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

  if (answer?.username !== username) return <PageLoader />
  const { loaded } = answer
  if (loaded.kind === 'missing') return <NotFoundPage messageKey="user.USER_NOT_FOUND" />
  if (loaded.kind === 'error') return <ErrorBox keys={loaded.keys} />
  const viewerPreferences = viewer ? preferencesOf(viewer) : null
  return (
    <Stack data-testid="user-page">
      <UserHeader user={loaded.user} imperial={viewerPreferences?.imperial_units ?? false} />
      <UserInfoPanel user={loaded.user} timezone={viewerPreferences?.timezone} />
    </Stack>
  )
}
