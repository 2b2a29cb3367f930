import { ActionIcon, Box, Group, Text } from '@mantine/core'
import { IconLogout, IconMenu2, IconRoute, IconX } from '@tabler/icons-react'
import { lazy, Suspense, type Ref } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, NavLink, useNavigate } from 'react-router-dom'
import { desktopBridge } from '../platform/desktop'
import { logout, useAppState } from '../session/store'
import { LanguageMenu } from './LanguageMenu'
import { MainLinks } from './MainLinks'
import { navItemsFor } from './navItems'

/** Signed-in users only: the avatar stays out of the visitor pages' first load. */
const UserPicture = lazy(() => import('../components/UserPicture').then((module) => ({ default: module.UserPicture })))
/** Signed-in users only, as the avatar. */
const NotificationBell = lazy(() => import('../features/sharing/NotificationBell').then((module) => ({ default: module.NotificationBell })))

/** The top bar: brand, main links (from 992 px), profile, language and logout; a menu toggle below. */
export function NavBar({ menuOpened, onToggleMenu, toggleRef }: { menuOpened: boolean; onToggleMenu: () => void; toggleRef: Ref<HTMLButtonElement> }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const profile = useAppState((state) => state.profile)

  const signOut = () => {
    logout()
    void navigate('/login')
  }

  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" component="nav" aria-label={t('common.MAIN_NAVIGATION')}>
      <Group gap="lg" wrap="nowrap" className="waymark-nav-start">
        <Link to="/" className="waymark-brand">
          <IconRoute size={26} />
          <span>{t('common.APP_NAME')}</span>
        </Link>
        {profile && (
          <Box visibleFrom="md" className="waymark-nav-start">
            <MainLinks items={navItemsFor(profile.admin, desktopBridge() !== null)} />
          </Box>
        )}
      </Group>

      <Group gap="xs" wrap="nowrap">
        <Box visibleFrom="md">
          <Group gap="xs" wrap="nowrap">
            {profile ? (
              <>
                <NavLink to="/profile" className="waymark-nav-link" data-testid="nav-profile" title={profile.username}>
                  <Group gap={8} wrap="nowrap">
                    <Suspense fallback={<Box w={28} h={28} />}>
                      <UserPicture username={profile.username} hasPicture={profile.picture} size={28} />
                    </Suspense>
                    {/* The name from 1408 px, at most 12 characters' width: below, the picture alone leaves the links room. */}
                    <Text span fw={600} inherit visibleFrom="xl" truncate="end" maw="12ch">
                      {profile.username}
                    </Text>
                  </Group>
                </NavLink>
              </>
            ) : (
              <>
                <NavLink to="/login" className="waymark-nav-link">
                  {t('user.LOGIN')}
                </NavLink>
                <NavLink to="/register" className="waymark-nav-link">
                  {t('user.REGISTER')}
                </NavLink>
              </>
            )}
          </Group>
        </Box>
        {profile && (
          <Suspense fallback={<Box w={34} h={34} />}>
            <NotificationBell />
          </Suspense>
        )}
        <LanguageMenu />
        {profile && (
          // An icon with its name on hover, as the main links when their names do not fit.
          <ActionIcon
            visibleFrom="md"
            variant="subtle"
            color="white"
            size="lg"
            onClick={signOut}
            aria-label={t('user.LOGOUT')}
            title={t('user.LOGOUT')}
            data-testid="logout"
          >
            <IconLogout size={20} />
          </ActionIcon>
        )}
        <ActionIcon
          hiddenFrom="md"
          variant="subtle"
          color="white"
          size="lg"
          onClick={onToggleMenu}
          ref={toggleRef}
          aria-controls={menuOpened ? 'phone-menu' : undefined}
          aria-label={menuOpened ? t('common.CLOSE_MENU') : t('common.OPEN_MENU')}
          aria-expanded={menuOpened}
          data-testid="menu-toggle"
        >
          {menuOpened ? <IconX size={24} /> : <IconMenu2 size={24} />}
        </ActionIcon>
      </Group>
    </Group>
  )
}
