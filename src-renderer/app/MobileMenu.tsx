import { NavLink as MantineNavLink, Stack } from '@mantine/core'
import { IconLogin, IconLogout, IconUserCircle, IconUserPlus } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { NavLink, useLocation, useNavigate } from 'react-router-dom'
import { desktopBridge } from '../platform/desktop'
import { logout, useAppState } from '../session/store'
import { navItemsFor } from './navItems'

/** The phone menu: every navigation entry stacked, opened by the hamburger. */
export function MobileMenu() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const location = useLocation()
  const profile = useAppState((state) => state.profile)

  const active = (to: string, end?: boolean) => (end ? location.pathname === to : location.pathname.startsWith(to))

  if (!profile) {
    return (
      <Stack gap={4} data-testid="mobile-menu">
        <MantineNavLink component={NavLink} to="/login" label={t('user.LOGIN')} leftSection={<IconLogin size={18} />} active={active('/login')} />
        <MantineNavLink
          component={NavLink}
          to="/register"
          label={t('user.REGISTER')}
          leftSection={<IconUserPlus size={18} />}
          active={active('/register')}
        />
      </Stack>
    )
  }

  return (
    <Stack gap={4} data-testid="mobile-menu">
      {navItemsFor(profile.admin, desktopBridge() !== null).map((item) => (
        <MantineNavLink
          key={item.to}
          component={NavLink}
          to={item.to}
          end={item.end}
          label={t(item.label)}
          leftSection={<item.icon size={18} />}
          active={active(item.to, item.end)}
        />
      ))}
      <MantineNavLink
        component={NavLink}
        to="/profile"
        label={profile.username}
        description={t('user.PROFILE.TITLE')}
        leftSection={<IconUserCircle size={18} />}
        active={active('/profile')}
      />
      <MantineNavLink
        component="button"
        label={t('user.LOGOUT')}
        leftSection={<IconLogout size={18} />}
        onClick={() => {
          logout()
          void navigate('/login')
        }}
      />
    </Stack>
  )
}
