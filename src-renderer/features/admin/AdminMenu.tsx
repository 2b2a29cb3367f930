import { Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core'
import { IconChevronRight, IconSettings, IconStack2, IconUsers, type Icon } from '@tabler/icons-react'
import { useEffect, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { call } from '../../api/client'
import { AlertBox } from '../../components/AlertBox'
import { useLoad } from '../../components/useLoad'
import { refreshConfig, useAppState } from '../../session/store'
import { InsightsRecomputeCard } from '../insights/InsightsRecomputeCard'
import { AppStatsCards } from './AppStatsCards'

function MenuLink({ to, icon: Glyph, title, children }: { to: string; icon: Icon; title: string; children: ReactNode }) {
  return (
    <Card component={Link} to={to} h="100%" withBorder data-testid={`admin-link-${to.split('/').pop() ?? ''}`}>
        <Group wrap="nowrap" align="flex-start" gap="md">
          <ThemeIcon size={40} radius="md" variant="light" color="pine">
            <Glyph size={24} />
          </ThemeIcon>
          <Stack gap={4} style={{ flex: 1 }}>
            <Text fw={700} fz="lg">
              {title}
            </Text>
            {children}
          </Stack>
          <IconChevronRight size={20} color="var(--mantine-color-gray-5)" />
        </Group>
    </Card>
  )
}

/** `/admin`: application figures and the three administration areas. */
export function AdminMenu() {
  const { t } = useTranslation()
  const config = useAppState((state) => state.config)
  // The count of accounts waiting for activation comes with any page of the users list.
  const pending = useLoad('admin-pending-accounts', () => call('listUsers', { query: { page: 1, per_page: 10, order: 'asc', order_by: 'created_at' } })).data?.data.pending ?? 0

  // Registration depends on the number of accounts, which changes without a settings save.
  useEffect(() => {
    void refreshConfig().catch(() => undefined)
  }, [])

  return (
    <Stack gap="lg" data-testid="admin-menu">
      <Title order={1} fz={{ base: 26, sm: 32 }}>
        {t('admin.TITLE')}
      </Title>
      <AppStatsCards />
      <InsightsRecomputeCard />
      {config && !config.is_email_sending_enabled && <AlertBox kind="warning">{t('admin.EMAIL_SENDING_DISABLED')}</AlertBox>}
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <MenuLink to="/admin/application" icon={IconSettings} title={t('admin.APPLICATION.TITLE')}>
          <Text size="sm" c="dimmed">
            {t('admin.MENU.APPLICATION_HELP')}
          </Text>
          {config && (
            <Text size="sm" fw={500} c={config.is_registration_enabled ? 'var(--waymark-positive-text)' : 'var(--waymark-warning-text)'} data-testid="registration-state">
              {t(config.is_registration_enabled ? 'admin.MENU.REGISTRATION_ENABLED' : 'admin.MENU.REGISTRATION_DISABLED')}
            </Text>
          )}
        </MenuLink>
        <MenuLink to="/admin/sports" icon={IconStack2} title={t('admin.SPORTS.TITLE')}>
          <Text size="sm" c="dimmed">
            {t('admin.MENU.SPORTS_HELP')}
          </Text>
        </MenuLink>
        <MenuLink to="/admin/users" icon={IconUsers} title={t('admin.USERS.TITLE')}>
          <Text size="sm" c="dimmed">
            {t('admin.MENU.USERS_HELP')}
          </Text>
          {pending > 0 && (
            <Text size="sm" fw={500} c="var(--waymark-warning-text)" data-testid="pending-accounts">
              {t('admin.MENU.PENDING', { count: pending })}
            </Text>
          )}
        </MenuLink>
      </SimpleGrid>
    </Stack>
  )
}
