import { Anchor, Group, Paper, Select, SimpleGrid, Stack, Table, Text, UnstyledButton } from '@mantine/core'
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { workoutOrderBy, type Sport, type Workout } from '../../../src/contracts'
import { formatApiDuration } from '../../components/formatDuration'
import { Labelled } from '../../components/Labelled'
import { SportIcon } from '../../components/SportIcon'
import { useFigures } from '../../components/useFigures'
import { usePhone } from '../../components/usePhone'
import { formatDateTime } from '../../format/dates'
import type { Order, OrderBy } from './listQuery'

/** How the rows are sorted, and what sorts them again. */
interface Sorting {
  order: Order
  orderBy: OrderBy
  onSort: (orderBy: OrderBy, order: Order) => void
}

interface WorkoutsTableProps {
  workouts: readonly Workout[]
  sports: readonly Sport[]
  /** Absent: the rows keep their order (newest first), with no sort controls. */
  sorting?: Sorting | undefined
}

/** A column header that sorts by its field; a second click reverses the order. */
function SortHeader({ field, label, sorting }: { field: OrderBy; label: string; sorting: Sorting | undefined }) {
  if (!sorting) return <Table.Th style={{ whiteSpace: 'nowrap' }}>{label}</Table.Th>
  const { order, orderBy, onSort } = sorting
  const active = field === orderBy
  const Arrow = !active ? IconArrowsSort : order === 'asc' ? IconArrowUp : IconArrowDown
  return (
    <Table.Th aria-sort={active ? (order === 'asc' ? 'ascending' : 'descending') : 'none'} style={{ whiteSpace: 'nowrap' }}>
      <UnstyledButton
        fw={700}
        fz="sm"
        onClick={() => onSort(field, active && order === 'desc' ? 'asc' : 'desc')}
        data-testid={`sort-${field}`}
        style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
      >
        {label}
        <Arrow size={14} opacity={active ? 1 : 0.4} />
      </UnstyledButton>
    </Table.Th>
  )
}

/** The column headings the list sorts by, as the phone's sort choices name them. */
const SORT_LABELS: Record<OrderBy, string> = { workout_date: 'DATE', distance: 'DISTANCE', duration: 'DURATION', ave_speed: 'AVE_SPEED' }

/** A phone's sort: the field and the direction the table's headers set with clicks. */
function PhoneSort({ order, orderBy, onSort }: Sorting) {
  const { t } = useTranslation()
  return (
    <SimpleGrid cols={2} spacing="xs" p="xs">
      <Select
        label={t('dashboard.LIST.SORT_BY')}
        data={workoutOrderBy.map((value) => ({ value, label: t(`dashboard.LIST.COLUMNS.${SORT_LABELS[value]}`) }))}
        value={orderBy}
        onChange={(value) => value && onSort(value, order)}
        allowDeselect={false}
        data-testid="phone-order-by"
      />
      <Select
        label={t('dashboard.LIST.ORDER')}
        data={(['desc', 'asc'] as const).map((value) => ({ value, label: t(`dashboard.LIST.ORDERS.${value}`) }))}
        value={order}
        onChange={(value) => value && onSort(orderBy, value)}
        allowDeselect={false}
        data-testid="phone-order"
      />
    </SimpleGrid>
  )
}

/**
 * The workouts of one page, one row each, with date, distance, duration and speed (or pace,
 * per sport), sortable when `sorting` is given; on phones a card each: title, date, and distance, moving time, speed or pace, ascent.
 */
export function WorkoutsTable({ workouts, sports, sorting }: WorkoutsTableProps) {
  const { t } = useTranslation()
  const figures = useFigures()
  const phone = usePhone()
  const sortProps = { sorting }
  const sportOf = (workout: Workout) => sports.find((candidate) => candidate.id === workout.sport_id)
  // Headings name what the page's rows show: speeds, paces, or both when sports are mixed.
  const paces = new Set(workouts.map((workout) => figures.paceUnit(sportOf(workout)) !== null))
  const [aveHeading, maxHeading] = !paces.has(true) ? ['AVE_SPEED', 'MAX_SPEED'] : paces.has(false) ? ['AVE_SPEED_PACE', 'MAX_SPEED_PACE'] : ['AVE_PACE', 'BEST_PACE']
  if (phone) {
    return (
      <Stack gap="xs" pb="xs" data-testid="workouts-cards">
        {sorting && <PhoneSort {...sorting} />}
        {workouts.map((workout) => {
          const sport = sportOf(workout)
          const pace = figures.paceUnit(sport)
          return (
            <Paper key={workout.id} withBorder p="sm" mx="xs" data-testid="workout-row" data-workout-id={workout.id}>
              <Group gap="xs" wrap="nowrap" align="flex-start">
                <SportIcon label={sport?.label ?? ''} color={sport?.color} size={22} />
                <Stack gap={0} miw={0}>
                  <Anchor component={Link} to={`/workouts/${workout.id}`} fw={600} size="sm" lineClamp={2}>
                    {workout.title}
                  </Anchor>
                  <Text size="xs" c="dimmed" data-testid="cell-date">
                    {formatDateTime(workout.workout_date, figures.timezone)}
                  </Text>
                </Stack>
              </Group>
              <SimpleGrid cols={2} spacing="xs" verticalSpacing={4} mt="xs">
                <Labelled label={t('dashboard.LIST.COLUMNS.DISTANCE')} testId="cell-distance">
                  {figures.sportDistance(workout.distance, workout.sport_id)}
                </Labelled>
                <Labelled label={t('dashboard.LIST.COLUMNS.DURATION')} testId="cell-moving">
                  {formatApiDuration(workout.moving)}
                </Labelled>
                <Labelled label={t(`dashboard.LIST.COLUMNS.${pace === null ? 'AVE_SPEED' : 'AVE_PACE'}`)} testId="cell-ave-speed">
                  {figures.speedOrPace(workout.ave_speed, pace)}
                </Labelled>
                {figures.displayAscent && (
                  <Labelled label={t('dashboard.LIST.COLUMNS.ASCENT')} testId="cell-ascent">
                    {figures.elevation(workout.ascent)}
                  </Labelled>
                )}
              </SimpleGrid>
            </Paper>
          )
        })}
      </Stack>
    )
  }
  return (
    <Table.ScrollContainer minWidth={figures.displayAscent ? 860 : 720}>
      <Table striped highlightOnHover verticalSpacing="xs" data-testid="workouts-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('dashboard.LIST.COLUMNS.SPORT')}</Table.Th>
            <Table.Th>{t('dashboard.LIST.COLUMNS.TITLE')}</Table.Th>
            <SortHeader field="workout_date" label={t('dashboard.LIST.COLUMNS.DATE')} {...sortProps} />
            <SortHeader field="distance" label={t('dashboard.LIST.COLUMNS.DISTANCE')} {...sortProps} />
            <SortHeader field="duration" label={t('dashboard.LIST.COLUMNS.DURATION')} {...sortProps} />
            <SortHeader field="ave_speed" label={t(`dashboard.LIST.COLUMNS.${aveHeading}`)} {...sortProps} />
            <Table.Th>{t(`dashboard.LIST.COLUMNS.${maxHeading}`)}</Table.Th>
            {figures.displayAscent && <Table.Th>{t('dashboard.LIST.COLUMNS.ASCENT')}</Table.Th>}
            {figures.displayAscent && <Table.Th>{t('dashboard.LIST.COLUMNS.DESCENT')}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {workouts.map((workout) => {
            const sport = sportOf(workout)
            const pace = figures.paceUnit(sport)
            return (
              <Table.Tr key={workout.id} data-testid="workout-row" data-workout-id={workout.id}>
                <Table.Td>
                  <SportIcon label={sport?.label ?? ''} color={sport?.color} size={22} />
                </Table.Td>
                <Table.Td maw={260} miw={120}>
                  <Anchor component={Link} to={`/workouts/${workout.id}`} fw={600} size="sm" lineClamp={2}>
                    {workout.title}
                  </Anchor>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(workout.workout_date, figures.timezone)}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }} data-testid="cell-distance">
                  {figures.sportDistance(workout.distance, workout.sport_id)}
                </Table.Td>
                <Table.Td>{formatApiDuration(workout.moving)}</Table.Td>
                {/* Entered by hand: no measured top speed (the API repeats the average). */}
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{figures.speedOrPace(workout.ave_speed, pace)}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{figures.speedOrPace(workout.with_analysis ? workout.max_speed : null, pace)}</Table.Td>
                {figures.displayAscent && <Table.Td style={{ whiteSpace: 'nowrap' }}>{figures.elevation(workout.ascent)}</Table.Td>}
                {figures.displayAscent && <Table.Td style={{ whiteSpace: 'nowrap' }}>{figures.elevation(workout.descent)}</Table.Td>}
              </Table.Tr>
            )
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
}
