import { Anchor, Card, Grid, Group, Progress, Stack, Table, Text, Title, Tooltip } from '@mantine/core'
import { IconMedal } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import type { BestEffort, Workout, WorkoutInsightFields, ZoneSet } from '../../../src/contracts'
import { effortDistancesFor } from '../../../src/domain/insights/sport-efforts'
import { paceUnitFor, type PaceUnit } from '../../../src/domain/pace'
import { call } from '../../api/client'
import { formatDuration } from '../../components/formatDuration'
import { unitFormat } from '../../components/useFigures'
import { useLoad } from '../../components/useLoad'
import { useAppState } from '../../session/store'
import { effortKey, paceText } from './insightFormat'
import { PartsTable } from './PartsTable'

/** Medal colours of the podium places (gold, silver, bronze). */
const MEDALS = { 1: '#d4a017', 2: '#9ea7ad', 3: '#b0703c' } as const

/** Per cent of the zone bar a section needs to show its name (`Z2`) whole on a phone. */
const MIN_LABELLED_SHARE = 8

/** Zone colours from easy to hard; readable on light and dark backgrounds. */
const ZONE_COLORS = ['gray.5', 'blue.5', 'green.6', 'orange.6', 'red.7'] as const

interface SectionProps {
  workout: Workout & WorkoutInsightFields
  imperial: boolean
  displayAscent: boolean
}

/** The split column's heading per unit: the unit itself, as the figures write it. */
const SPLIT_LABELS: Record<PaceUnit, string> = { km: 'km', mi: 'mi', '100m': '100\u00a0m', '100yd': '100\u00a0yd' }

/**
 * Splits in the unit the sport's pace counts: per km or mile, a swim's per 100 m or 100 yd (a km
 * split is 40 lengths of a 25 m pool), whether the swimmer reads pace or speed.
 */
function SplitsCard({ workout, imperial, displayAscent, pace }: SectionProps & { pace: PaceUnit | null }) {
  const { t } = useTranslation()
  const unit = paceUnitFor(workout.sport_id, imperial)
  const splits = useLoad(`${workout.id}/${unit}`, () => call('getWorkoutSplits', { params: { id: workout.id }, query: { unit } }))
  const parts = splits.data?.data.splits ?? []
  return (
    <Card data-testid="splits-card">
      <Title order={2} size="h5" mb="sm">
        {t(`insights.SPLITS.TITLE_${unit}`)}
      </Title>
      {parts.length > 0 ? (
        <PartsTable parts={parts} imperial={imperial} sportId={workout.sport_id} pace={pace} climbs={displayAscent} numberLabel={SPLIT_LABELS[unit]} testId="splits-table" />
      ) : (
        !splits.loading && <Text c="dimmed">{t('insights.SPLITS.EMPTY')}</Text>
      )}
    </Card>
  )
}

function Medal({ rank }: { rank: BestEffort['rank'] }) {
  const { t } = useTranslation()
  if (rank === null) return null
  const label = t(`insights.BEST_EFFORTS.MEDAL_${rank}`)
  return (
    <Tooltip label={label}>
      <span role="img" aria-label={label} data-testid={`medal-${rank}`} style={{ display: 'inline-flex' }}>
        <IconMedal size={18} color={MEDALS[rank]} aria-hidden />
      </span>
    </Tooltip>
  )
}

function BestEffortsCard({ efforts, imperial, pace }: { efforts: BestEffort[]; imperial: boolean; pace: PaceUnit | null }) {
  const { t, i18n } = useTranslation()
  const figures = unitFormat(imperial, i18n.language, t)
  return (
    <Card data-testid="best-efforts-card">
      <Title order={2} size="h5" mb="sm">
        {t('insights.BEST_EFFORTS.TITLE')}
      </Title>
      {efforts.length === 0 ? (
        <Text c="dimmed">{t('insights.BEST_EFFORTS.EMPTY')}</Text>
      ) : (
        <Table verticalSpacing={4} data-testid="best-efforts-table">
          <Table.Tbody>
            {efforts.map((effort) => (
              <Table.Tr key={`${effort.kind}-${effort.target}`}>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    {t(`insights.BEST_EFFORTS.${effortKey(effort.kind, effort.target)}`)}
                    <Medal rank={effort.rank} />
                  </Group>
                </Table.Td>
                {effort.kind === 'distance' ? (
                  <>
                    <Table.Td ta="right">{formatDuration(effort.moving)}</Table.Td>
                    <Table.Td ta="right" c="dimmed">
                      {pace === null
                        ? figures.speed(effort.ave_speed)
                        : `${paceText(effort.target / 1000, effort.moving, pace) ?? '–'} ${t(`insights.PACE_UNIT_${pace}`)}`}
                    </Table.Td>
                  </>
                ) : (
                  <>
                    <Table.Td ta="right">{`${effort.power} ${t('insights.WATTS')}`}</Table.Td>
                    <Table.Td />
                  </>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Card>
  )
}

function ZoneBar({ title, set, unit, testId }: { title: string; set: ZoneSet; unit: string; testId: string }) {
  const { t } = useTranslation()
  const total = set.zones.reduce((sum, zone) => sum + zone.seconds, 0) + set.unknown
  if (total <= 0) return null
  const detail = (zone: ZoneSet['zones'][number]) =>
    t('insights.ZONES.ZONE_DETAIL', {
      number: zone.zone,
      range: zone.to === null ? `≥ ${zone.from} ${unit}` : `${zone.from}–${zone.to} ${unit}`,
      duration: formatDuration(zone.seconds),
    })
  return (
    <Stack gap={6} data-testid={testId}>
      <Text size="sm" fw={600}>
        {title}
      </Text>
      <Progress.Root size={22} aria-label={title}>
        {set.zones.map((zone, index) =>
          zone.seconds > 0 ? (
            <Tooltip key={zone.zone} label={detail(zone)}>
              <Progress.Section value={(100 * zone.seconds) / total} color={ZONE_COLORS[index] ?? 'gray'} aria-label={detail(zone)}>
                {/* A sliver cannot hold its name (it read "2" for Z2): the list below and the tooltip name it. */}
                {(100 * zone.seconds) / total >= MIN_LABELLED_SHARE && <Progress.Label>{`Z${zone.zone}`}</Progress.Label>}
              </Progress.Section>
            </Tooltip>
          ) : null,
        )}
      </Progress.Root>
      {/* The same figures as text: the bar's colours alone do not carry them. */}
      <Group gap="md" wrap="wrap">
        {set.zones.map((zone) => (
          <Text key={zone.zone} size="xs" c="dimmed" data-testid={`${testId}-zone-${zone.zone}`}>
            {detail(zone)}
          </Text>
        ))}
        {set.unknown > 0 && <Text size="xs" c="dimmed">{`${t('insights.ZONES.NO_READING')}: ${formatDuration(set.unknown)}`}</Text>}
      </Group>
    </Stack>
  )
}

function ZonesCard({ workout }: { workout: Workout }) {
  const { t } = useTranslation()
  const zones = useLoad(`${workout.id}/zones`, () => call('getWorkoutZones', { params: { id: workout.id } }))
  const data = zones.data?.data
  if (!data || (!data.heart_rate && !data.power && data.missing.length === 0)) return null
  return (
    <Card data-testid="zones-card">
      <Title order={2} size="h5" mb="sm">
        {t('insights.ZONES.TITLE')}
      </Title>
      <Stack gap="md">
        {data.heart_rate && <ZoneBar title={t('insights.ZONES.HEART_RATE')} set={data.heart_rate} unit={t('insights.BPM')} testId="hr-zones" />}
        {data.power && <ZoneBar title={t('insights.ZONES.POWER')} set={data.power} unit={t('insights.WATTS')} testId="power-zones" />}
        {data.missing.map((setting) => (
          <Text key={setting} size="sm" data-testid={`zones-missing-${setting}`}>
            {t(`insights.ZONES.MISSING_${setting}`)}{' '}
            {/* Underlined: in dark mode its colour alone is too close to the text's (WCAG 1.4.1). */}
            <Anchor component={Link} to="/profile/edit/preferences" underline="always">
              {t('insights.ZONES.WHERE')}
            </Anchor>
          </Text>
        ))}
      </Stack>
    </Card>
  )
}

/** The workout page's insight sections: splits, best efforts, laps and time in zones, in pace per `pace` unless null. */
export function WorkoutInsights({ workout, imperial, displayAscent, pace }: SectionProps & { pace: PaceUnit | null }) {
  const { t } = useTranslation()
  const laps = workout.laps ?? []
  // Sports without best-effort distances (swimming, skiing…) show the card only for power efforts.
  const sportHasEfforts = useAppState((state) => effortDistancesFor(state.sports.find((sport) => sport.id === workout.sport_id)?.label ?? '').length > 0)
  // Zones follow the owner's own heart-rate and power settings: theirs alone (a viewer gets the splits).
  const mine = useAppState((state) => state.profile?.username === workout.user)
  return (
    <Grid gap="md">
      {/* Eight of twelve: at seven, a run's seven split columns in German were 38 px too wide at 1280 px. */}
      <Grid.Col span={{ base: 12, md: 8 }}>
        <SplitsCard workout={workout} imperial={imperial} displayAscent={displayAscent} pace={pace} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Stack gap="md">
          {workout.best_efforts && (workout.best_efforts.length > 0 || sportHasEfforts) && (
            <BestEffortsCard efforts={workout.best_efforts} imperial={imperial} pace={pace} />
          )}
          {mine && <ZonesCard workout={workout} />}
        </Stack>
      </Grid.Col>
      {laps.length > 1 && (
        <Grid.Col span={12}>
          <Card data-testid="laps-card">
            <Title order={2} size="h5" mb="sm">
              {t('insights.LAPS.TITLE')}
            </Title>
            <PartsTable parts={laps} imperial={imperial} sportId={workout.sport_id} pace={pace} climbs={displayAscent} numberLabel={t('insights.COLUMNS.LAP')} testId="laps-table" />
          </Card>
        </Grid.Col>
      )}
    </Grid>
  )
}
