import { Outlet } from 'react-router-dom'
import { PageLoader } from '../../components/PageLoader'
import { useAppState } from '../../session/store'
import { ProfileFrame } from './ProfileFrame'

const TABS = [
  { label: 'user.PROFILE.TABS.PROFILE', path: '/profile/edit' },
  { label: 'user.PROFILE.TABS.ACCOUNT', path: '/profile/edit/account' },
  { label: 'user.PROFILE.TABS.PICTURE', path: '/profile/edit/picture' },
  { label: 'user.PROFILE.TABS.PREFERENCES', path: '/profile/edit/preferences' },
  { label: 'user.PROFILE.TABS.SPORTS', path: '/profile/edit/sports' },
]

/** The profile editor with its five tabs. */
export function ProfileEditPage() {
  const profile = useAppState((state) => state.profile)
  if (!profile) return <PageLoader />
  return (
    <ProfileFrame profile={profile} tabs={TABS}>
      <Outlet />
    </ProfileFrame>
  )
}
