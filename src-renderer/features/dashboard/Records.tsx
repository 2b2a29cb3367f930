import { Anchor, Card, Group, Stack, Table, Text, Title } from '@mantine/core'
import { memo, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import type { Sport, UserRecord } from '../../../src/contracts'
import type { PaceUnit } from '../../../src/domain/pace'
import { ApiError, UNKNOWN_ERROR_KEY } from '../../api/ApiError'
import { call } from '../../api/client'
import { ErrorBox } from '../../components/ErrorBox'
import { formatApiDuration } from '../../components/formatDuration'
import { PageLoader } from '../../components/PageLoader'
import { SportIcon } from '../../components/SportIcon'
import { useFigures, type FigureFormat } from '../../components/useFigures'
import { formatDateTime } from '../../format/dates'
import { recordNameKey } from '../../format/records'

/** Display order of record types. */
const RECORD_ORDER: readonly UserRecord['record_type'][] = ['FD', 'LD', 'AS', 'MS', 'HA']

/** A record's value in the viewer's units; speeds as paces per `pace` unless null. */
function recordValue(record: UserRecord, figures: FigureFormat, pace: PaceUnit | null): string {
  const value = record.value
  switch (record.record_type) {
    case 'LD':
      return formatApiDuration(String(value))
    case 'FD':
      return figures.sportDistance(Number(value), record.sport_id)
    case 'AS':
    case 'MS':
      return figures.speedOrPace(Number(value), pace)
    case 'HA':
      return figures.elevation(Number(value))
  }
}

/** The records the viewer sees: HA only when ascent is displayed, grouped by sport in sport order. */
export function recordsBySport(records: readonly UserRecord[], displayAscent: boolean): Map<number, UserRecord[]> {
  const bySport = new Map<number, UserRecord[]>()
  for (const record of [...records].sort((a, b) => a.sport_id - b.sport_id || RECORD_ORDER.indexOf(a.record_type) - RECORD_ORDER.indexOf(b.record_type))) {
    if (record.record_type === 'HA' && !displayAscent) continue
    bySport.set(record.sport_id, [...(bySport.get(record.sport_id) ?? []), record])
  }
  return bySport
}

/** One card per sport with its records (value, date, link to the workout; memoised: `sports` rarely changes). */
export const Records = memo(function Records({ sports }: { sports: readonly Sport[] }) {
  const { t } = useTranslation()
  const figures = useFigures()
  const [records, setRecords] = useState<UserRecord[] | null>(null)
  const [errors, setErrors] = useState<readonly string[]>([])

  useEffect(() => {
    let current = true
    call('getRecords')
      .then((response) => {
        if (current) setRecords(response.data.records)
      })
      .catch((error: unknown) => {
        if (current) setErrors(error instanceof ApiError ? error.keys : [UNKNOWN_ERROR_KEY])
      })
    return () => {
      current = false
    }
  }, [])

  const grouped = recordsBySport(records ?? [], figures.displayAscent)
  return (
    <Stack gap="sm" data-testid="records">
      <Title order={3} fz="lg">
        {t('dashboard.RECORDS.TITLE')}
      </Title>
      <ErrorBox keys={errors} />
      {records === null && errors.length === 0 && <PageLoader />}
      {records !== null && grouped.size === 0 && (
        <Text c="dimmed" size="sm">
          {t('dashboard.RECORDS.NONE')}
        </Text>
      )}
      {[...grouped].map(([sportId, sportRecords]) => {
        const sport = sports.find((candidate) => candidate.id === sportId)
        const label = sport?.label ?? ''
        const pace = figures.paceUnit(sport)
        return (
          <Card key={sportId} padding="sm" data-testid="records-sport" data-sport-id={sportId}>
            <Group gap="xs" mb="xs">
              <SportIcon label={label} color={sport?.color} size={22} />
              <Text fw={700}>{t(`sports.${label}`, { defaultValue: label })}</Text>
            </Group>
            <Table verticalSpacing={4} horizontalSpacing={4} fz="sm">
              <Table.Tbody>
                {sportRecords.map((record) => (
                  <Table.Tr key={record.id} data-record-type={record.record_type}>
                    <Table.Td>{t(`dashboard.RECORDS.TYPES.${recordNameKey(record.record_type, pace !== null)}`)}</Table.Td>
                    <Table.Td fw={600} ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {recordValue(record, figures, pace)}
                    </Table.Td>
                    <Table.Td ta="right">
                      <Anchor component={Link} to={`/workouts/${record.workout_id}`} size="xs">
                        {formatDateTime(record.workout_date, figures.timezone).slice(0, 10)}
                      </Anchor>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Card>
        )
      })}
    </Stack>
  )
})
