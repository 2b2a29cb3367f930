import { Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import type { WorkoutPart } from '../../../src/contracts'
import type { PaceUnit } from '../../../src/domain/pace'
import { formatDuration } from '../../components/formatDuration'
import { Labelled } from '../../components/Labelled'
import { unitFormat } from '../../components/useFigures'
import { usePhone } from '../../components/usePhone'
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

/** Splits or laps, one row each, in the user's units; on phones one card each, every figure shown. */
export function PartsTable({ parts, imperial, sportId, pace, climbs, numberLabel, testId }: PartsTableProps) {
  const { t, i18n } = useTranslation()
  // The cards' wording of distances, speeds and heights, so a split reads as the workout's figures do.
  const figures = unitFormat(imperial, i18n.language, t)
  const heartRate = parts.some((part) => part.ave_hr !== null)
  const showClimbs = climbs && parts.some((part) => part.ascent !== null)
  // A pool swim's laps carry the rest at the wall after each (the last has none).
  const rest = parts.some((part) => part.rest !== undefined)
  const paceUnit = pace === null ? '' : t(`insights.PACE_UNIT_${pace}`)
  const phone = usePhone()
  // A part's figures, worded once for the table's cells and the phone's cards.
  const cells = (part: WorkoutPart) => {
    // A split's pace from its own distance and time (exact), not from its rounded speed.
    const paceValue = pace === null ? null : paceText(part.distance, part.moving, pace)
    return {
      distance: figures.sportDistance(part.distance, sportId),
      moving: formatDuration(part.moving),
      speed: pace === null ? figures.speed(part.ave_speed) : paceValue === null ? '–' : `${paceValue} ${paceUnit}`,
      ascent: figures.elevation(part.ascent),
      descent: figures.elevation(part.descent),
      heartRate: part.ave_hr === null ? '–' : `${figures.number(part.ave_hr)}\u00a0${t('insights.BPM')}`,
      rest: part.rest === undefined ? '–' : formatDuration(part.rest),
    }
  }
  const speedHeading = pace === null ? t('insights.COLUMNS.SPEED') : t('insights.COLUMNS.PACE')
  if (phone) {
    return (
      <Stack gap="xs" data-testid={testId}>
        {parts.map((part, index) => {
          const cell = cells(part)
          return (
            <Paper key={index} withBorder p="xs" data-testid="part-row">
              <Text size="sm" fw={600}>
                {numberLabel} {index + 1}
              </Text>
              <SimpleGrid cols={3} spacing="xs" verticalSpacing={4}>
                <Labelled label={t('insights.COLUMNS.DISTANCE')} testId="part-distance">
                  {cell.distance}
                </Labelled>
                <Labelled label={t('insights.COLUMNS.MOVING')}>{cell.moving}</Labelled>
                <Labelled label={speedHeading} testId="part-speed">
                  {cell.speed}
                </Labelled>
                {showClimbs && (
                  <Labelled label={t('insights.COLUMNS.ASCENT')} testId="part-ascent">
                    {cell.ascent}
                  </Labelled>
                )}
                {showClimbs && <Labelled label={t('insights.COLUMNS.DESCENT')}>{cell.descent}</Labelled>}
                {heartRate && (
                  <Labelled label={t('insights.COLUMNS.HEART_RATE')} testId="part-heart-rate">
                    {cell.heartRate}
                  </Labelled>
                )}
                {rest && (
                  <Labelled label={t('insights.COLUMNS.REST')} testId="part-rest">
                    {cell.rest}
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
    <Table.ScrollContainer minWidth={showClimbs ? 520 : 360}>
      {/* Narrow gaps: with its headings wrapped, French still overflowed the card by 2 px at 1280 px. */}
      <Table striped verticalSpacing={4} horizontalSpacing={6} style={{ whiteSpace: 'nowrap' }} data-testid={testId}>
        {/* Headings may wrap (French and German ones are long); the figures stay on one line each. */}
        <Table.Thead style={{ whiteSpace: 'normal', verticalAlign: 'bottom' }}>
          <Table.Tr>
            <Table.Th>{numberLabel}</Table.Th>
            <Table.Th ta="right">{t('insights.COLUMNS.DISTANCE')}</Table.Th>
            <Table.Th ta="right">{t('insights.COLUMNS.MOVING')}</Table.Th>
            <Table.Th ta="right">{speedHeading}</Table.Th>
            {showClimbs && <Table.Th ta="right">{t('insights.COLUMNS.ASCENT')}</Table.Th>}
            {showClimbs && <Table.Th ta="right">{t('insights.COLUMNS.DESCENT')}</Table.Th>}
            {heartRate && <Table.Th ta="right">{t('insights.COLUMNS.HEART_RATE')}</Table.Th>}
            {rest && <Table.Th ta="right">{t('insights.COLUMNS.REST')}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {parts.map((part, index) => {
            const cell = cells(part)
            return (
              <Table.Tr key={index} data-testid="part-row">
                <Table.Td>{index + 1}</Table.Td>
                <Table.Td ta="right" data-testid="part-distance">
                  {cell.distance}
                </Table.Td>
                <Table.Td ta="right">{cell.moving}</Table.Td>
                <Table.Td ta="right" data-testid="part-speed">
                  {cell.speed}
                </Table.Td>
                {showClimbs && (
                  <Table.Td ta="right" data-testid="part-ascent">
                    {cell.ascent}
                  </Table.Td>
                )}
                {showClimbs && <Table.Td ta="right">{cell.descent}</Table.Td>}
                {heartRate && (
                  <Table.Td ta="right" data-testid="part-heart-rate">
                    {cell.heartRate}
                  </Table.Td>
                )}
                {rest && (
                  <Table.Td ta="right" data-testid="part-rest">
                    {cell.rest}
                  </Table.Td>
                )}
              </Table.Tr>
            )
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
}
