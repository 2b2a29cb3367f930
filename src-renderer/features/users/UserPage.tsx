import { Stack } from '@mantine/core'
import { useParams } from 'react-router-dom'
import { ErrorBox } from '../../components/ErrorBox'
import { PageLoader } from '../../components/PageLoader'
import { useAppState } from '../../session/store'
import { NotFoundPage } from '../../components/NotFoundPage'
import { preferencesOf } from '../profile/preferences'
import { UserHeader } from '../profile/UserHeader'
import { UserInfoPanel } from '../profile/UserInfoPanel'
import { FollowPanel } from '../sharing/FollowPanel'
import { useUserByName } from './useUserByName'
import { UserWorkouts } from './UserWorkouts'

/** Another user's page: header card, follows, information panel and the workouts the viewer may open, in the viewer's units and timezone. */
export function UserPage() {
  const { username = '' } = useParams()
  const viewer = useAppState((state) => state.profile)
  const { loaded, replace } = useUserByName(username)

  if (!loaded) return <PageLoader />
  if (loaded.kind === 'missing') return <NotFoundPage messageKey="user.USER_NOT_FOUND" />
  if (loaded.kind === 'error') return <ErrorBox keys={loaded.keys} />
  const viewerPreferences = viewer ? preferencesOf(viewer) : null
  return (
    <Stack data-testid="user-page">
      <UserHeader user={loaded.user} imperial={viewerPreferences?.imperial_units ?? false} />
      <FollowPanel user={loaded.user} onChange={replace} />
      <UserInfoPanel user={loaded.user} timezone={viewerPreferences?.timezone} />
      {/* Read again when the viewer's follow changes what they may see. */}
      <UserWorkouts key={`${loaded.user.username}-${loaded.user.is_followed_by ?? 'own'}`} username={loaded.user.username} own={loaded.user.is_followed_by === undefined} />
    </Stack>
  )
}
