import { Table } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import type { WorkoutPart } from '../../../src/contracts'
import type { PaceUnit } from '../../../src/domain/pace'
import { formatDuration } from '../../components/formatDuration'
import { formatNumber, type DistanceReading } from '../../format/units'
import { toDistanceUnit, toElevationUnit, toSpeedUnit, unitSystem } from '../workout/measures'
import { paceText } from './insightFormat'

interface PartsTableProps {
  parts: WorkoutPart[]
  imperial: boolean
  /** Distances in km/mi, or in metres/yards for swims. */
  reading: DistanceReading
  /** Pace per this unit instead of speed (the user's choice for the sport), or null for speed. */
  pace: PaceUnit | null
  /** Shows ascent and descent (the user's preference, and only when the workout has elevation). */
  climbs: boolean
  /** Header of the first column (split number or lap number). */
  numberLabel: string
  testId: string
}

/** Splits or laps, one row each, in the user's units; wide tables scroll sideways on phones. */
export function PartsTable({ parts, imperial, reading, pace, climbs, numberLabel, testId }: PartsTableProps) {
  const { t, i18n } = useTranslation()
  const units = unitSystem(imperial)
  const number = (value: number, decimals: number) => formatNumber(value, i18n.language, decimals)
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
            const speed = part.ave_speed === null ? '–' : `${number(toSpeedUnit(part.ave_speed, imperial), 1)} ${t(`common.UNITS.${units.speed}`)}`
            const paceValue = pace === null ? null : paceText(part.distance, part.moving, pace)
            return (
              <Table.Tr key={index}>
                <Table.Td>{index + 1}</Table.Td>
                <Table.Td ta="right">{`${number(toDistanceUnit(part.distance, imperial) * reading.perUnit, reading.decimals)} ${t(`common.UNITS.${reading.unit}`)}`}</Table.Td>
                <Table.Td ta="right">{formatDuration(part.moving)}</Table.Td>
                <Table.Td ta="right">{pace === null ? speed : paceValue === null ? '–' : `${paceValue} ${paceUnit}`}</Table.Td>
                {showClimbs && (
                  <Table.Td ta="right">{part.ascent === null ? '–' : `${number(toElevationUnit(part.ascent, imperial), 0)} ${t(`common.UNITS.${units.elevation}`)}`}</Table.Td>
                )}
                {showClimbs && (
                  <Table.Td ta="right">{part.descent === null ? '–' : `${number(toElevationUnit(part.descent, imperial), 0)} ${t(`common.UNITS.${units.elevation}`)}`}</Table.Td>
                )}
                {heartRate && <Table.Td ta="right">{part.ave_hr === null ? '–' : `${number(part.ave_hr, 0)} ${t('insights.BPM')}`}</Table.Td>}
              </Table.Tr>
            )
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
}
