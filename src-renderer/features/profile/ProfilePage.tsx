import { Outlet } from 'react-router-dom'
import { PageLoader } from '../../components/PageLoader'
import { useAppState } from '../../session/store'
import { ProfileFrame } from './ProfileFrame'

const TABS = [
  { label: 'user.PROFILE.TABS.PROFILE', path: '/profile' },
  { label: 'user.PROFILE.TABS.PREFERENCES', path: '/profile/preferences' },
  { label: 'user.PROFILE.TABS.SPORTS', path: '/profile/sports' },
]

/** The read-only profile with its three tabs. */
export function ProfilePage() {
  const profile = useAppState((state) => state.profile)
  if (!profile) return <PageLoader />
  return (
    <ProfileFrame profile={profile} tabs={TABS}>
      <Outlet />
    </ProfileFrame>
  )
}
