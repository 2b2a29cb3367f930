import { Card, Group, SimpleGrid, Skeleton, Text, ThemeIcon } from '@mantine/core'
import { IconDatabase, IconRun, IconStack2, IconUsers, type Icon } from '@tabler/icons-react'
import { useEffect, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { AppStats } from '../../../src/contracts'
import { errorKeysOfUnknown } from '../../api/ApiError'
import { call } from '../../api/client'
import { ErrorBox } from '../../components/ErrorBox'
import { FileSize } from '../../components/FileSize'

function StatCard({ icon: Glyph, label, value, testId }: { icon: Icon; label: string; value: ReactNode; testId: string }) {
  return (
    <Card data-testid={testId}>
      <Group wrap="nowrap" gap="md">
        <ThemeIcon size={44} radius="md" variant="light" color="pine" visibleFrom="sm">
          <Glyph size={26} />
        </ThemeIcon>
        <div>
          <Text fw={700} fz={24} lh={1.2} data-testid={`${testId}-value`}>
            {value}
          </Text>
          <Text size="sm" c="dimmed">
            {label}
          </Text>
        </div>
      </Group>
    </Card>
  )
}

/** The four application figures of the admin menu: users, sports used, workouts, upload size. */
export function AppStatsCards() {
  const { t } = useTranslation()
  const [stats, setStats] = useState<AppStats | null>(null)
  const [errorKeys, setErrorKeys] = useState<string[]>([])

  useEffect(() => {
    let current = true
    call('getAppStats')
      .then((response) => current && setStats(response.data))
      .catch((error: unknown) => current && setErrorKeys(errorKeysOfUnknown(error)))
    return () => {
      current = false
    }
  }, [])

  if (errorKeys.length > 0) return <ErrorBox keys={errorKeys} />
  const value = (content: ReactNode) => (stats ? content : <Skeleton h={28} w={48} />)
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing={{ base: 'sm', sm: 'md' }}>
      <StatCard icon={IconUsers} label={t('admin.STATS.USERS')} value={value(stats?.users)} testId="stat-users" />
      <StatCard icon={IconStack2} label={t('admin.STATS.SPORTS')} value={value(stats?.sports)} testId="stat-sports" />
      <StatCard icon={IconRun} label={t('admin.STATS.WORKOUTS')} value={value(stats?.workouts)} testId="stat-workouts" />
      <StatCard
        icon={IconDatabase}
        label={t('admin.STATS.UPLOADS')}
        value={value(<FileSize bytes={stats?.uploads_dir_size ?? 0} />)}
        testId="stat-uploads"
      />
    </SimpleGrid>
  )
}
