import { Button, Card, Checkbox, ColorInput, Group, NumberInput, SegmentedControl, Stack, Table, Text } from '@mantine/core'
import { IconCheck, IconPencil, IconX } from '@tabler/icons-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import type { Sport } from '../../../src/contracts'
import { SPEED_DISPLAYS, type SpeedDisplay } from '../../../src/domain/pace'
import { defaultSportColor } from '../../../src/domain/sports'
import { errorKeysOfUnknown } from '../../api/ApiError'
import { call } from '../../api/client'
import { ErrorBox } from '../../components/ErrorBox'
import { PageLoader } from '../../components/PageLoader'
import { SportIcon, sportColor } from '../../components/SportIcon'
import { formatNumber } from '../../format/units'
import { reloadSports, useAppState } from '../../session/store'

/** Smallest step and lower bound of the stopped-speed threshold (spec §5). */
export const THRESHOLD_STEP = 0.1
export const THRESHOLD_MIN = 0

function Tick({ value, label }: { value: boolean; label: string }) {
  return value ? (
    <IconCheck size={18} color="var(--mantine-color-pine-6)" aria-label={label} data-value="true" />
  ) : (
    <IconX size={18} color="var(--mantine-color-gray-5)" aria-label={label} data-value="false" />
  )
}

/**
 * The sport preferences table: colour, label, has-workouts, active-for-user, stopped-speed
 * threshold and speed or pace; when `editable`, one row at a time opens for editing (Submit, Reset, Cancel).
 */
export function SportPreferences({ editable }: { editable: boolean }) {
  const { t, i18n } = useTranslation()
  const sports = useAppState((state) => state.sports)
  const sportsList = useAppState((state) => state.profile?.sports_list ?? [])
  const [editing, setEditing] = useState<number | null>(null)
  if (sports.length === 0) return <PageLoader />

  const label = (sport: Sport) => t(`sports.${sport.label}`, { defaultValue: sport.label })
  const sorted = [...sports].sort((a, b) => label(a).localeCompare(label(b), i18n.language))

  return (
    <Card p={0} data-testid="sport-preferences">
      <Table.ScrollContainer minWidth={720}>
        <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('user.SPORTS_PREFERENCES.COLOR')}</Table.Th>
              <Table.Th>{t('user.SPORTS_PREFERENCES.LABEL')}</Table.Th>
              <Table.Th>{t('user.SPORTS_PREFERENCES.HAS_WORKOUTS')}</Table.Th>
              <Table.Th>{t('user.SPORTS_PREFERENCES.ACTIVE')}</Table.Th>
              <Table.Th>{t('user.SPORTS_PREFERENCES.THRESHOLD')}</Table.Th>
              <Table.Th>{t('user.SPORTS_PREFERENCES.SPEED_DISPLAY')}</Table.Th>
              {editable && <Table.Th />}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {sorted.map((sport) =>
              editing === sport.id ? (
                <SportEditRow key={sport.id} sport={sport} name={label(sport)} hasWorkouts={sportsList.includes(sport.id) || Boolean(sport.has_workouts)} onDone={() => setEditing(null)} />
              ) : (
                <Table.Tr key={sport.id} data-testid={`sport-row-${sport.id}`}>
                  <Table.Td>
                    <SportIcon label={sport.label} color={sport.color} />
                  </Table.Td>
                  <Table.Td>
                    <Text fw={500} c={sport.is_active ? undefined : 'dimmed'}>
                      {label(sport)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Tick value={sportsList.includes(sport.id) || Boolean(sport.has_workouts)} label={t('user.SPORTS_PREFERENCES.HAS_WORKOUTS')} />
                  </Table.Td>
                  <Table.Td>
                    <Tick value={sport.is_active_for_user} label={t('user.SPORTS_PREFERENCES.ACTIVE')} />
                  </Table.Td>
                  <Table.Td data-testid={`sport-threshold-${sport.id}`}>
                    {formatNumber(sport.stopped_speed_threshold, i18n.language, 1)} {t('common.UNITS.km/h')}
                  </Table.Td>
                  <Table.Td data-testid={`sport-speed-display-${sport.id}`}>{t(`user.SPORTS_PREFERENCES.SPEED_DISPLAY_${sport.speed_display}`)}</Table.Td>
                  {editable && (
                    <Table.Td>
                      <Button
                        size="xs"
                        variant="light"
                        leftSection={<IconPencil size={14} />}
                        onClick={() => setEditing(sport.id)}
                        disabled={editing !== null}
                        data-testid={`sport-edit-${sport.id}`}
                      >
                        {t('common.EDIT')}
                      </Button>
                    </Table.Td>
                  )}
                </Table.Tr>
              ),
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {!editable && (
        <Group p="md">
          <Button component={Link} to="/profile/edit/sports" leftSection={<IconPencil size={18} />}>
            {t('user.SPORTS_PREFERENCES.EDIT')}
          </Button>
        </Group>
      )}
    </Card>
  )
}

function SportEditRow({ sport, name, hasWorkouts, onDone }: { sport: Sport; name: string; hasWorkouts: boolean; onDone: () => void }) {
  const { t, i18n } = useTranslation()
  const [color, setColor] = useState(sportColor(sport.label, sport.color))
  const [active, setActive] = useState(sport.is_active_for_user)
  const [threshold, setThreshold] = useState<number | string>(sport.stopped_speed_threshold)
  const [speedDisplay, setSpeedDisplay] = useState<SpeedDisplay>(sport.speed_display)
  const [errorKeys, setErrorKeys] = useState<string[]>([])
  const [busy, setBusy] = useState(false)

  const run = async (action: () => Promise<unknown>) => {
    setBusy(true)
    setErrorKeys([])
    try {
      await action()
      await reloadSports()
      onDone()
    } catch (error) {
      setErrorKeys(errorKeysOfUnknown(error))
    } finally {
      setBusy(false)
    }
  }

  const submit = () => {
    const value = typeof threshold === 'number' ? threshold : Number.parseFloat(threshold)
    if (!Number.isFinite(value) || value < THRESHOLD_MIN) {
      setErrorKeys(['user.SPORTS_PREFERENCES.THRESHOLD_INVALID'])
      return
    }
    void run(() =>
      call('editSportPreferences', {
        body: {
          sport_id: sport.id,
          // Keeping the default colour stores nothing, so a later default change still applies.
          color: color.toLowerCase() === defaultSportColor(sport.label).toLowerCase() && !sport.color ? null : color,
          is_active: active,
          stopped_speed_threshold: value,
          speed_display: speedDisplay,
        },
      }),
    )
  }

  return (
    <>
      <Table.Tr data-testid={`sport-edit-row-${sport.id}`} bg="var(--mantine-primary-color-light)">
        <Table.Td>
          <ColorInput value={color} onChange={setColor} format="hex" w={150} aria-label={t('user.SPORTS_PREFERENCES.COLOR')} data-testid="sport-color" />
        </Table.Td>
        <Table.Td>
          <Group gap="xs" wrap="nowrap">
            <SportIcon label={sport.label} color={color} />
            <Text fw={500}>{name}</Text>
          </Group>
        </Table.Td>
        <Table.Td>
          <Tick value={hasWorkouts} label={t('user.SPORTS_PREFERENCES.HAS_WORKOUTS')} />
        </Table.Td>
        <Table.Td>
          <Checkbox
            checked={active}
            onChange={(event) => setActive(event.currentTarget.checked)}
            disabled={!sport.is_active}
            aria-label={t('user.SPORTS_PREFERENCES.ACTIVE')}
            data-testid="sport-active"
          />
        </Table.Td>
        <Table.Td>
          <NumberInput
            value={threshold}
            onChange={setThreshold}
            min={THRESHOLD_MIN}
            step={THRESHOLD_STEP}
            decimalScale={2}
            // Typed the way the language writes decimals (0,5 in French and German).
            decimalSeparator={i18n.language === 'en' ? '.' : ','}
            w={100}
            aria-label={t('user.SPORTS_PREFERENCES.THRESHOLD')}
            data-testid="sport-threshold"
          />
        </Table.Td>
        <Table.Td>
          <SegmentedControl
            size="xs"
            value={speedDisplay}
            onChange={(value) => setSpeedDisplay(value === 'pace' ? 'pace' : 'speed')}
            data={SPEED_DISPLAYS.map((choice) => ({ value: choice, label: t(`user.SPORTS_PREFERENCES.SPEED_DISPLAY_${choice}`) }))}
            aria-label={t('user.SPORTS_PREFERENCES.SPEED_DISPLAY')}
            data-testid="sport-speed-display"
          />
        </Table.Td>
        <Table.Td>
          <Stack gap={4}>
            <Button size="xs" onClick={submit} loading={busy} data-testid="sport-submit">
              {t('common.SUBMIT')}
            </Button>
            <Button size="xs" variant="light" color="ember" onClick={() => void run(() => call('resetSportPreferences', { params: { sportId: sport.id } }))} disabled={busy} data-testid="sport-reset">
              {t('common.RESET')}
            </Button>
            <Button size="xs" variant="default" onClick={onDone} disabled={busy} data-testid="sport-cancel">
              {t('common.CANCEL')}
            </Button>
          </Stack>
        </Table.Td>
      </Table.Tr>
      {errorKeys.length > 0 && (
        <Table.Tr>
          <Table.Td colSpan={7}>
            <ErrorBox keys={errorKeys} />
          </Table.Td>
        </Table.Tr>
      )}
    </>
  )
}
