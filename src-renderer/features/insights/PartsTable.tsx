import { Table } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import type { WorkoutPart } from '../../../src/contracts'
import type { PaceUnit } from '../../../src/domain/pace'
import { formatDuration } from '../../components/formatDuration'
import { unitFormat } from '../../components/useFigures'
import { paceText } from './insightFormat'

interface PartsTableProps {
  parts: WorkoutPart[]
  imperial: boolean
  /** The workout's sport: distances in km/mi, or in metres/yards for swims. */
  sportId: number
  /** Pace per this unit instead of speed (the user's choice for the sport), or null for speed. */
  pace: PaceUnit | null
  /** Shows ascent and descent (the user's preference, and only when the workout has elevation). */
  climbs: boolean
  /** Header of the first column (split number or lap number). */
  numberLabel: string
  testId: string
}

/** Splits or laps, one row each, in the user's units; wide tables scroll sideways on phones. */
export function PartsTable({ parts, imperial, sportId, pace, climbs, numberLabel, testId }: PartsTableProps) {
  const { t, i18n } = useTranslation()
  // The cards' wording of distances, speeds and heights, so a split reads as the workout's figures do.
  const figures = unitFormat(imperial, i18n.language, t)
  const heartRate = parts.some((part) => part.ave_hr !== null)
  const showClimbs = climbs && parts.some((part) => part.ascent !== null)
  const paceUnit = pace === null ? '' : t(`insights.PACE_UNIT_${pace}`)
  return (
    <Table.ScrollContainer minWidth={showClimbs ? 520 : 360}>
      <Table striped verticalSpacing={4} style={{ whiteSpace: 'nowrap' }} data-testid={testId}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{numberLabel}</Table.Th>
            <Table.Th ta="right">{t('insights.COLUMNS.DISTANCE')}</Table.Th>
            <Table.Th ta="right">{t('insights.COLUMNS.MOVING')}</Table.Th>
            <Table.Th ta="right">{pace === null ? t('insights.COLUMNS.SPEED') : t('insights.COLUMNS.PACE')}</Table.Th>
            {showClimbs && <Table.Th ta="right">{t('insights.COLUMNS.ASCENT')}</Table.Th>}
            {showClimbs && <Table.Th ta="right">{t('insights.COLUMNS.DESCENT')}</Table.Th>}
            {heartRate && <Table.Th ta="right">{t('insights.COLUMNS.HEART_RATE')}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {parts.map((part, index) => {
            // A split's pace from its own distance and time (exact), not from its rounded speed.
            const paceValue = pace === null ? null : paceText(part.distance, part.moving, pace)
            return (
              <Table.Tr key={index}>
                <Table.Td>{index + 1}</Table.Td>
                <Table.Td ta="right">{figures.sportDistance(part.distance, sportId)}</Table.Td>
                <Table.Td ta="right">{formatDuration(part.moving)}</Table.Td>
                <Table.Td ta="right">{pace === null ? figures.speed(part.ave_speed) : paceValue === null ? '–' : `${paceValue} ${paceUnit}`}</Table.Td>
                {showClimbs && (
                  <Table.Td ta="right">{figures.elevation(part.ascent)}</Table.Td>
                )}
                {showClimbs && (
                  <Table.Td ta="right">{figures.elevation(part.descent)}</Table.Td>
                )}
                {heartRate && <Table.Td ta="right">{part.ave_hr === null ? '–' : `${figures.number(part.ave_hr)}\u00a0${t('insights.BPM')}`}</Table.Td>}
              </Table.Tr>
            )
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
}
