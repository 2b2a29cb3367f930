import { Outlet } from 'react-router-dom'
import { PageLoader } from '../../components/PageLoader'
import { useAppState } from '../../session/store'
import { NotFoundPage } from '../../components/NotFoundPage'

/**
 * The frame of every `/admin` page. The routing guard does not look at the admin flag (spec §2),
 * so non-administrators get the 404 here, before any admin page mounts or calls the API.
 */
export function AdminSection() {
  const profile = useAppState((state) => state.profile)
  if (!profile) return <PageLoader />
  if (!profile.admin) return <NotFoundPage />
  return <Outlet />
}
