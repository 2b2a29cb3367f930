import { Button, Card, Checkbox, ColorInput, Group, NumberInput, Paper, SegmentedControl, SimpleGrid, Stack, Table, Text } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
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
import { Labelled } from '../../components/Labelled'
import { PageLoader } from '../../components/PageLoader'
import { SportIcon, sportColor } from '../../components/SportIcon'
import { numberFormat } from '../../format/intl'
import { MILES_PER_KM } from '../../format/units'
import { reloadSports, useAppState } from '../../session/store'
import { SportDefaultEquipment } from '../equipment/SportDefaultEquipment'

/** Smallest step and lower bound of the stopped-speed threshold (spec §5), in the viewer's unit. */
export const THRESHOLD_STEP = 0.1
export const THRESHOLD_MIN = 0

function Tick({ value, label }: { value: boolean; label: string }) {
  return value ? (
    <IconCheck size={18} color="var(--mantine-color-pine-6)" aria-label={label} data-value="true" />
  ) : (
    <IconX size={18} color="var(--mantine-color-gray-5)" aria-label={label} data-value="false" />
  )
}

/** Phones (below Mantine's `sm`, 48em) get cards and a stacked form instead of a 7-column table. */
const PHONE = '(max-width: 47.99em)'

/** The threshold in the viewer's speed unit (km/h or mph), rounded to the editor's 2 decimals. */
function thresholdIn(kmh: number, imperial: boolean): number {
  return Math.round((imperial ? kmh * MILES_PER_KM : kmh) * 100) / 100
}

/**
 * The sport preferences: colour, label, has-workouts, active-for-user, stopped-speed threshold
 * (in the viewer's units) and speed or pace, as a table or, on phones, as cards; when `editable`,
 * one sport at a time opens for editing (Submit, Reset, Cancel).
 */
export function SportPreferences({ editable }: { editable: boolean }) {
  const { t, i18n } = useTranslation()
  const sports = useAppState((state) => state.sports)
  const sportsList = useAppState((state) => state.profile?.sports_list ?? [])
  const imperial = useAppState((state) => state.profile?.imperial_units ?? false)
  const phone = useMediaQuery(PHONE, undefined, { getInitialValueInEffect: false })
  const [editing, setEditing] = useState<number | null>(null)
  if (sports.length === 0) return <PageLoader />

  const label = (sport: Sport) => t(`sports.${sport.label}`, { defaultValue: sport.label })
  const sorted = [...sports].sort((a, b) => label(a).localeCompare(label(b), i18n.language))
  const hasWorkouts = (sport: Sport) => sportsList.includes(sport.id) || Boolean(sport.has_workouts)
  const speedUnit = t(imperial ? 'common.UNITS.mi/h' : 'common.UNITS.km/h')
    // One decimal at least (0.1 km/h, the step), two when a mile conversion needs them (0.06 mph).
  const thresholdNumber = numberFormat(i18n.language, { minimumFractionDigits: 1, maximumFractionDigits: 2 })
  const threshold = (sport: Sport) => `${thresholdNumber.format(thresholdIn(sport.stopped_speed_threshold, imperial))}\u00a0${speedUnit}`
  const editButton = (sport: Sport) => (
    <Button
      size="xs"
      variant="light"
      leftSection={<IconPencil size={14} />}
      onClick={() => setEditing(sport.id)}
      disabled={editing !== null}
      // Beside a long sport name on a phone card the name wraps, not the button ("Bearbeiten" was cut to "Bearbeit").
      style={{ flexShrink: 0 }}
      data-testid={`sport-edit-${sport.id}`}
    >
      {t('common.EDIT')}
    </Button>
  )
  const editor = (sport: Sport) => (
    <SportEditor key={sport.id} sport={sport} name={label(sport)} hasWorkouts={hasWorkouts(sport)} imperial={imperial} phone={Boolean(phone)} onDone={() => setEditing(null)} />
  )

  const list = phone ? (
    <Stack gap="xs" p="xs" data-testid="sport-cards">
      {sorted.map((sport) =>
        editing === sport.id ? (
          editor(sport)
        ) : (
          <Paper key={sport.id} withBorder p="sm" data-testid={`sport-row-${sport.id}`}>
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Group gap="xs" wrap="nowrap">
                <SportIcon label={sport.label} color={sport.color} />
                <Text fw={500} c={sport.is_active ? undefined : 'dimmed'}>
                  {label(sport)}
                </Text>
              </Group>
              {editable && editButton(sport)}
            </Group>
            <SimpleGrid cols={2} spacing={4} verticalSpacing={2} mt="xs">
              <Labelled label={t('user.SPORTS_PREFERENCES.SPEED_DISPLAY')}>
                <span data-testid={`sport-speed-display-${sport.id}`}>{t(`user.SPORTS_PREFERENCES.SPEED_DISPLAY_${sport.speed_display}`)}</span>
              </Labelled>
              <Labelled label={t('user.SPORTS_PREFERENCES.THRESHOLD')}>
                <span data-testid={`sport-threshold-${sport.id}`}>{threshold(sport)}</span>
              </Labelled>
              <Labelled label={t('user.SPORTS_PREFERENCES.ACTIVE')}>
                <Tick value={sport.is_active_for_user} label={t('user.SPORTS_PREFERENCES.ACTIVE')} />
              </Labelled>
              <Labelled label={t('user.SPORTS_PREFERENCES.HAS_WORKOUTS')}>
                <Tick value={hasWorkouts(sport)} label={t('user.SPORTS_PREFERENCES.HAS_WORKOUTS')} />
              </Labelled>
            </SimpleGrid>
          </Paper>
        ),
      )}
    </Stack>
  ) : (
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
              editor(sport)
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
                  <Tick value={hasWorkouts(sport)} label={t('user.SPORTS_PREFERENCES.HAS_WORKOUTS')} />
                </Table.Td>
                <Table.Td>
                  <Tick value={sport.is_active_for_user} label={t('user.SPORTS_PREFERENCES.ACTIVE')} />
                </Table.Td>
                <Table.Td data-testid={`sport-threshold-${sport.id}`}>{threshold(sport)}</Table.Td>
                <Table.Td data-testid={`sport-speed-display-${sport.id}`}>{t(`user.SPORTS_PREFERENCES.SPEED_DISPLAY_${sport.speed_display}`)}</Table.Td>
                {editable && <Table.Td>{editButton(sport)}</Table.Td>}
              </Table.Tr>
            ),
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )

  return (
    <>
      <Card p={0} data-testid="sport-preferences">
        {list}
        {!editable && (
          <Group p="md">
            <Button component={Link} to="/profile/edit/sports" leftSection={<IconPencil size={18} />}>
              {t('user.SPORTS_PREFERENCES.EDIT')}
            </Button>
          </Group>
        )}
      </Card>
      {editable && <SportDefaultEquipment />}
    </>
  )
}

/** A figure of a phone card: its name above it. */
interface EditorProps {
  sport: Sport
  name: string
  hasWorkouts: boolean
  imperial: boolean
  /** A stacked form in a card (phones) instead of a table row. */
  phone: boolean
  onDone: () => void
}

function SportEditor({ sport, name, hasWorkouts, imperial, phone, onDone }: EditorProps) {
  const { t, i18n } = useTranslation()
  const [color, setColor] = useState(sportColor(sport.label, sport.color))
  const [active, setActive] = useState(sport.is_active_for_user)
  const shownThreshold = thresholdIn(sport.stopped_speed_threshold, imperial)
  const [threshold, setThreshold] = useState<number | string>(shownThreshold)
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
    const value = typeof threshold === 'number' ? threshold : Number.parseFloat(threshold.replace(',', '.'))
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
          // Sent only when changed: a rounded mph figure sent back would shift the stored km/h.
          ...(value !== shownThreshold ? { stopped_speed_threshold: imperial ? value / MILES_PER_KM : value } : {}),
          // Likewise the speed/pace default stays a default until the user picks the other one.
          ...(speedDisplay !== sport.speed_display ? { speed_display: speedDisplay } : {}),
        },
      }),
    )
  }

  const speedUnit = t(imperial ? 'common.UNITS.mi/h' : 'common.UNITS.km/h')
  const colorInput = (
    <ColorInput
      value={color}
      onChange={setColor}
      format="hex"
      w={phone ? undefined : 150}
      label={phone ? t('user.SPORTS_PREFERENCES.COLOR') : undefined}
      aria-label={phone ? undefined : t('user.SPORTS_PREFERENCES.COLOR')}
      data-testid="sport-color"
    />
  )
  const nameText = (
    <Group gap="xs" wrap="nowrap">
      <SportIcon label={sport.label} color={color} />
      <Text fw={500}>{name}</Text>
    </Group>
  )
  const activeInput = (
    <Checkbox
      checked={active}
      onChange={(event) => setActive(event.currentTarget.checked)}
      disabled={!sport.is_active}
      label={phone ? t('user.SPORTS_PREFERENCES.ACTIVE') : undefined}
      aria-label={phone ? undefined : t('user.SPORTS_PREFERENCES.ACTIVE')}
      data-testid="sport-active"
    />
  )
  const thresholdInput = (
    <NumberInput
      value={threshold}
      onChange={setThreshold}
      min={THRESHOLD_MIN}
      step={THRESHOLD_STEP}
      decimalScale={2}
      // Typed the way the language writes decimals (0,5 in French and German).
      decimalSeparator={i18n.language === 'en' ? '.' : ','}
      w={phone ? undefined : 110}
      rightSection={<Text size="xs">{speedUnit}</Text>}
      rightSectionWidth={44}
      label={phone ? t('user.SPORTS_PREFERENCES.THRESHOLD') : undefined}
      aria-label={phone ? undefined : `${t('user.SPORTS_PREFERENCES.THRESHOLD')} (${speedUnit})`}
      data-testid="sport-threshold"
    />
  )
  const speedDisplayInput = (
    <SegmentedControl
      size="xs"
      value={speedDisplay}
      onChange={(value) => setSpeedDisplay(value === 'pace' ? 'pace' : 'speed')}
      data={SPEED_DISPLAYS.map((choice) => ({ value: choice, label: t(`user.SPORTS_PREFERENCES.SPEED_DISPLAY_${choice}`) }))}
      aria-label={t('user.SPORTS_PREFERENCES.SPEED_DISPLAY')}
      data-testid="sport-speed-display"
    />
  )
  const actions = (
    <>
      <Button size="xs" onClick={submit} loading={busy} data-testid="sport-submit">
        {t('common.SUBMIT')}
      </Button>
      <Button size="xs" variant="light" color="ember" onClick={() => void run(() => call('resetSportPreferences', { params: { sportId: sport.id } }))} disabled={busy} data-testid="sport-reset">
        {t('common.RESET')}
      </Button>
      <Button size="xs" variant="default" onClick={onDone} disabled={busy} data-testid="sport-cancel">
        {t('common.CANCEL')}
      </Button>
    </>
  )

  if (phone) {
    return (
      <Paper withBorder p="sm" data-testid={`sport-edit-row-${sport.id}`} bg="var(--mantine-primary-color-light)">
        <Stack gap="sm" component="form" onSubmit={(event) => {
            event.preventDefault()
            submit()
          }}
        >
          {nameText}
          {colorInput}
          {activeInput}
          {thresholdInput}
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('user.SPORTS_PREFERENCES.SPEED_DISPLAY')}
            </Text>
            {speedDisplayInput}
          </Stack>
          <ErrorBox keys={errorKeys} />
          <Group gap="xs">{actions}</Group>
        </Stack>
      </Paper>
    )
  }

  return (
    <>
      <Table.Tr data-testid={`sport-edit-row-${sport.id}`} bg="var(--mantine-primary-color-light)">
        <Table.Td>{colorInput}</Table.Td>
        <Table.Td>{nameText}</Table.Td>
        <Table.Td>
          <Tick value={hasWorkouts} label={t('user.SPORTS_PREFERENCES.HAS_WORKOUTS')} />
        </Table.Td>
        <Table.Td>{activeInput}</Table.Td>
        <Table.Td>{thresholdInput}</Table.Td>
        <Table.Td>{speedDisplayInput}</Table.Td>
        <Table.Td>
          <Stack gap={4}>{actions}</Stack>
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
