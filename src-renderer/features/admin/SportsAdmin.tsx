import { Button, Card, Group, Stack, Table, Text } from '@mantine/core'
import { IconAlertTriangle, IconArrowLeft } from '@tabler/icons-react'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import type { Sport } from '../../../src/contracts'
import { errorKeysOfUnknown } from '../../api/ApiError'
import { call } from '../../api/client'
import { ErrorBox } from '../../components/ErrorBox'
import { PageLoader } from '../../components/PageLoader'
import { SportIcon } from '../../components/SportIcon'
import { reloadSports } from '../../session/store'
import { AdminPageTitle } from './AdminPageTitle'
import { Tick } from './Tick'

function SportRow({ sport, busy, onToggle }: { sport: Sport; busy: boolean; onToggle: () => void }) {
  const { t } = useTranslation()
  const label = t(`sports.${sport.label}`, { defaultValue: sport.label })
  return (
    <Table.Tr data-testid={`admin-sport-${sport.id}`}>
      <Table.Td>{sport.id}</Table.Td>
      <Table.Td>
        <SportIcon label={sport.label} />
      </Table.Td>
      <Table.Td>
        <Text fw={500} c={sport.is_active ? undefined : 'dimmed'}>
          {label}
        </Text>
      </Table.Td>
      <Table.Td>
        <Tick value={sport.is_active} label={t('admin.SPORTS.ACTIVE')} />
      </Table.Td>
      <Table.Td>
        <Group gap="sm" wrap="nowrap">
          <Button
            size="xs"
            variant={sport.is_active ? 'default' : 'filled'}
            color={sport.is_active ? undefined : 'pine'}
            loading={busy}
            onClick={onToggle}
            // At least as wide as either word (no jump when it flips), wider for German's "Deaktivieren".
            miw={110}
            style={{ flexShrink: 0 }}
          >
            {t(sport.is_active ? 'admin.SPORTS.DISABLE' : 'admin.SPORTS.ENABLE')}
          </Button>
          {sport.has_workouts && (
            <Group gap={4} wrap="nowrap" c="var(--waymark-warning-text)" data-testid="sport-has-workouts">
              <IconAlertTriangle size={16} style={{ flexShrink: 0 }} />
              {/* Wide enough for two or three lines: squeezed, it wrapped into four or more (tall rows on phones). */}
              <Text size="xs" c="var(--waymark-warning-text)" miw={240}>
                {t('admin.SPORTS.HAS_WORKOUTS')}
              </Text>
            </Group>
          )}
        </Group>
      </Table.Td>
    </Table.Tr>
  )
}

/**
 * `/admin/sports`: every sport with its id, icon, translated label and state, and a button to
 * enable or disable it for everyone. A disabled sport leaves the add-workout choices; its
 * workouts stay, which the warning on sports with workouts says.
 */
export function SportsAdmin() {
  const { t } = useTranslation()
  const [sports, setSports] = useState<Sport[] | null>(null)
  const [busyId, setBusyId] = useState<number | null>(null)
  const [errorKeys, setErrorKeys] = useState<string[]>([])

  useEffect(() => {
    let current = true
    call('listSports')
      .then((response) => current && setSports(response.data.sports))
      .catch((error: unknown) => current && setErrorKeys(errorKeysOfUnknown(error)))
    return () => {
      current = false
    }
  }, [])

  const toggle = async (sport: Sport) => {
    setBusyId(sport.id)
    setErrorKeys([])
    try {
      const response = await call('updateSport', { params: { id: sport.id }, body: { is_active: !sport.is_active } })
      const updated = response.data.sports[0]
      if (updated) setSports((previous) => previous?.map((item) => (item.id === updated.id ? updated : item)) ?? null)
      // The shared list feeds the add-workout sport choices.
      await reloadSports()
    } catch (error) {
      setErrorKeys(errorKeysOfUnknown(error))
    } finally {
      setBusyId(null)
    }
  }

  return (
    <Stack gap="lg" data-testid="admin-sports">
      <AdminPageTitle title={t('admin.SPORTS.TITLE')} />
      <ErrorBox keys={errorKeys} />
      {sports === null ? (
        errorKeys.length === 0 && <PageLoader />
      ) : (
        <Card p={0}>
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('admin.SPORTS.ID')}</Table.Th>
                  <Table.Th>{t('admin.SPORTS.IMAGE')}</Table.Th>
                  <Table.Th>{t('admin.SPORTS.LABEL')}</Table.Th>
                  <Table.Th>{t('admin.SPORTS.ACTIVE')}</Table.Th>
                  <Table.Th>{t('admin.SPORTS.ACTION')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {sports.map((sport) => (
                  <SportRow key={sport.id} sport={sport} busy={busyId === sport.id} onToggle={() => void toggle(sport)} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Card>
      )}
      <Group>
        <Button component={Link} to="/admin" variant="default" leftSection={<IconArrowLeft size={18} />}>
          {t('admin.BACK')}
        </Button>
      </Group>
    </Stack>
  )
}
