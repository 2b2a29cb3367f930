import { BarChart } from '@mantine/charts'
import { Stack, Table, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import type { Equipment } from '../../../src/contracts'
import { call } from '../../api/client'
import { ErrorBox } from '../../components/ErrorBox'
import { PageLoader } from '../../components/PageLoader'
import { useLoad } from '../../components/useLoad'
import { dateTimeFormat, numberFormat } from '../../format/intl'
import { convertDistance } from '../../format/units'
import { useAppState } from '../../session/store'

/**
 * An item's distance per month (issue 32), in km or miles as the user reads distances: a bar
 * chart, and the same figures as a table (the chart's text alternative, with moving time and
 * workouts).
 */
export function EquipmentStats({ item }: { item: Equipment }) {
  const { t, i18n } = useTranslation()
  const imperial = useAppState((state) => state.profile?.imperial_units ?? false)
  const loaded = useLoad(`equipment-stats-${item.id}`, () => call('getEquipmentStats', { params: { id: item.id } }))
  if (loaded.errors.length > 0) return <ErrorBox keys={loaded.errors} />
  if (!loaded.data) return <PageLoader />
  const months = loaded.data.data.months
  if (months.length === 0) return <Text>{t('equipment.STATS_NONE')}</Text>

  const unit = imperial ? 'mi' : 'km'
  const number = numberFormat(i18n.language, { maximumFractionDigits: 1 })
  const monthName = dateTimeFormat(i18n.language, { month: 'short', year: 'numeric', timeZone: 'UTC' })
  const rows = months.map((month) => ({
    label: monthName.format(new Date(`${month.month}-01T00:00:00Z`)),
    distance: Math.round(convertDistance(month.total_distance, imperial).value * 10) / 10,
    hours: month.total_duration_in_hours,
    workouts: month.workouts_count,
  }))
  const distanceText = (value: number) => t(`equipment.${unit === 'mi' ? 'MI' : 'KM'}`, { value: number.format(value) })
  return (
    <Stack gap="sm">
      <BarChart
        h={220}
        data={rows}
        dataKey="label"
        series={[{ name: 'distance', label: t('equipment.DISTANCE'), color: 'pine.6' }]}
        valueFormatter={distanceText}
        yAxisLabel={t(`common.UNITS.${unit}`)}
        tooltipAnimationDuration={0}
        maxBarWidth={40}
        aria-hidden
      />
      <Table.ScrollContainer minWidth={280}>
        <Table striped data-testid="equipment-stats-table">
          <Table.Caption>{t('equipment.STATS_CAPTION', { label: item.label })}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('equipment.MONTH')}</Table.Th>
              <Table.Th scope="col">{t('equipment.DISTANCE')}</Table.Th>
              <Table.Th scope="col">{t('equipment.HOURS')}</Table.Th>
              <Table.Th scope="col">{t('equipment.WORKOUTS')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.label}>
                <Table.Th scope="row">{row.label}</Table.Th>
                <Table.Td>{distanceText(row.distance)}</Table.Td>
                <Table.Td>{t('equipment.HOURS_VALUE', { value: number.format(row.hours) })}</Table.Td>
                <Table.Td>{row.workouts}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  )
}
