import { Card, Group, Stack, Text, Title } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import type { PublicUser } from '../../../src/contracts'
import { Distance } from '../../components/Distance'
import { UserPicture } from '../../components/UserPicture'

function Figure({ value, label, hiddenOnPhone = false }: { value: React.ReactNode; label: string; hiddenOnPhone?: boolean }) {
  return (
    <Stack gap={0} align="center" visibleFrom={hiddenOnPhone ? 'sm' : undefined} data-testid={`figure-${label}`}>
      <Text fw={700} fz="xl">
        {value}
      </Text>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
    </Stack>
  )
}

/**
 * The user header card: picture (generic icon without one), username (the page's heading),
 * workouts, total distance in the viewer's unit with no decimals, and sports (hidden on small screens).
 */
export function UserHeader({ user, imperial }: { user: PublicUser; imperial: boolean }) {
  const { t } = useTranslation()
  return (
    <Card data-testid="user-header">
      <Group justify="space-between" wrap="wrap" gap="lg">
        <Group gap="md" wrap="nowrap">
          <UserPicture username={user.username} hasPicture={user.picture} size={72} />
          <Title order={1} size="h2" style={{ wordBreak: 'break-all' }} data-testid="user-header-username">
            {user.username}
          </Title>
        </Group>
        <Group gap="xl" wrap="nowrap">
          <Figure value={user.nb_workouts} label={t('user.WORKOUTS')} />
          <Figure value={<Distance km={user.total_distance} imperial={imperial} decimals={0} />} label={t('user.DISTANCE')} />
          <Figure value={user.nb_sports} label={t('user.SPORTS')} hiddenOnPhone />
        </Group>
      </Group>
    </Card>
  )
}
