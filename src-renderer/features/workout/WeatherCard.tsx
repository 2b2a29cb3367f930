import { Card, Group, Stack, Table, Text, Title } from '@mantine/core'
import {
  IconArrowNarrowUp,
  IconCloud,
  IconCloudFog,
  IconCloudRain,
  IconCloudSnow,
  IconMoon,
  IconMoonStars,
  IconSnowflake,
  IconSun,
  IconSunHigh,
  IconWind,
  type Icon,
} from '@tabler/icons-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { Weather } from '../../../src/contracts'
import { formatNumber } from '../../format/units'
import { toTemperatureUnit, toWindUnit } from './measures'
import { compassPoint } from './weather'

const ICONS: Record<Weather['icon'], Icon> = {
  'clear-day': IconSunHigh,
  'clear-night': IconMoonStars,
  cloudy: IconCloud,
  fog: IconCloudFog,
  'partly-cloudy-day': IconSun,
  'partly-cloudy-night': IconMoon,
  rain: IconCloudRain,
  sleet: IconSnowflake,
  snow: IconCloudSnow,
  wind: IconWind,
}

function WeatherIcon({ weather }: { weather: Weather }) {
  const { t } = useTranslation()
  const Glyph = ICONS[weather.icon]
  const label = t(`workouts.WEATHER.ICONS.${weather.icon}`)
  return (
    <Group gap={6} wrap="nowrap">
      <Glyph size={22} role="img" aria-label={label} />
      <Text size="sm">{label}</Text>
    </Group>
  )
}

function Wind({ weather, imperial }: { weather: Weather; imperial: boolean }) {
  const { t, i18n } = useTranslation()
  const point = compassPoint(weather.windBearing)
  return (
    <Group gap={4} wrap="nowrap">
      <Text size="sm">
        {formatNumber(toWindUnit(weather.wind, imperial), i18n.language, 1)} {t(imperial ? 'workouts.UNITS.mph' : 'workouts.UNITS.m/s')}
      </Text>
      {/* The arrow points where the wind blows to, i.e. away from its compass point. */}
      <IconArrowNarrowUp size={18} style={{ transform: `rotate(${weather.windBearing + 180}deg)` }} aria-hidden />
      <Text size="sm" title={t(`workouts.WEATHER.DIRECTIONS.${point}`)} data-testid="wind-direction">
        {t(`workouts.WEATHER.POINTS.${point}`)}
      </Text>
    </Group>
  )
}

/** Weather at the start and end of the workout: conditions, temperature, humidity and wind. */
export function WeatherCard({ start, end, imperial }: { start: Weather | null; end: Weather | null; imperial: boolean }) {
  const { t, i18n } = useTranslation()
  if (!start && !end) return null
  const columns = [
    { key: 'start', label: t('workouts.WEATHER.START'), weather: start },
    { key: 'end', label: t('workouts.WEATHER.END'), weather: end },
  ]
  const temperature = (weather: Weather) =>
    `${formatNumber(toTemperatureUnit(weather.temperature, imperial), i18n.language, 1)} ${t(imperial ? 'workouts.UNITS.°F' : 'workouts.UNITS.°C')}`
  const rows: { key: string; label: string; cell: (weather: Weather) => ReactNode }[] = [
    { key: 'conditions', label: t('workouts.WEATHER.CONDITIONS'), cell: (weather) => <WeatherIcon weather={weather} /> },
    { key: 'temperature', label: t('workouts.WEATHER.TEMPERATURE'), cell: temperature },
    { key: 'humidity', label: t('workouts.WEATHER.HUMIDITY'), cell: (weather) => `${formatNumber(weather.humidity * 100, i18n.language, 0)} %` },
    { key: 'wind', label: t('workouts.WEATHER.WIND'), cell: (weather) => <Wind weather={weather} imperial={imperial} /> },
  ]
  return (
    <Card data-testid="weather-card">
      <Stack gap="sm">
        <Title order={2} size="h5">
          {t('workouts.WEATHER.TITLE')}
        </Title>
        <Table.ScrollContainer minWidth={280}>
          <Table verticalSpacing={6}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th />
                {columns.map((column) => (
                  <Table.Th key={column.key}>{column.label}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.key}>
                  <Table.Td>
                    <Text size="sm" c="dimmed">
                      {row.label}
                    </Text>
                  </Table.Td>
                  {columns.map((column) => (
                    <Table.Td key={column.key}>{column.weather ? row.cell(column.weather) : '–'}</Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Card>
  )
}
