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
  { label: 'sharing.ZONES.TAB', path: '/profile/edit/privacy-zones' },
]

/** The profile editor with its six tabs. */
export function ProfileEditPage() {
  const profile = useAppState((state) => state.profile)
  if (!profile) return <PageLoader />
  return (
    <ProfileFrame profile={profile} tabs={TABS}>
      <Outlet />
    </ProfileFrame>
  )
}
