import { Anchor, Table, UnstyledButton } from '@mantine/core'
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import type { Sport, Workout } from '../../../src/contracts'
import { formatApiDuration } from '../../components/formatDuration'
import { SportIcon } from '../../components/SportIcon'
import { useFigures } from '../../components/useFigures'
import { formatDateTime } from '../../format/dates'
import type { Order, OrderBy } from './listQuery'

interface WorkoutsTableProps {
  workouts: readonly Workout[]
  sports: readonly Sport[]
  order: Order
  orderBy: OrderBy
  onSort: (orderBy: OrderBy, order: Order) => void
}

/** A column header that sorts by its field; a second click reverses the order. */
function SortHeader({ field, label, order, orderBy, onSort }: { field: OrderBy; label: string } & Pick<WorkoutsTableProps, 'order' | 'orderBy' | 'onSort'>) {
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

/** The workouts of one page, one row each, with sortable date, distance, duration and speed (or pace, per sport). */
export function WorkoutsTable({ workouts, sports, order, orderBy, onSort }: WorkoutsTableProps) {
  const { t } = useTranslation()
  const figures = useFigures()
  const sortProps = { order, orderBy, onSort }
  const sportOf = (workout: Workout) => sports.find((candidate) => candidate.id === workout.sport_id)
  // Headings name what the page's rows show: speeds, paces, or both when sports are mixed.
  const paces = new Set(workouts.map((workout) => figures.paceUnit(sportOf(workout)) !== null))
  const [aveHeading, maxHeading] = !paces.has(true) ? ['AVE_SPEED', 'MAX_SPEED'] : paces.has(false) ? ['AVE_SPEED_PACE', 'MAX_SPEED_PACE'] : ['AVE_PACE', 'BEST_PACE']
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
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{figures.speedOrPace(workout.ave_speed, pace)}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{figures.speedOrPace(workout.max_speed, pace)}</Table.Td>
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
