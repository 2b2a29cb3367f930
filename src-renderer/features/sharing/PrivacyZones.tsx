import { Button, Card, Group, NumberInput, Paper, SimpleGrid, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core'
import { lazy, Suspense, useMemo, useState, type FormEvent, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { PRIVACY_ZONE_RADIUS_MAX_M, PRIVACY_ZONE_RADIUS_MIN_M } from '../../../src/domain/privacy-zones'
import type { PrivacyZoneItem } from '../../../src/contracts'
import { call } from '../../api/client'
import { ErrorBox } from '../../components/ErrorBox'
import { Labelled } from '../../components/Labelled'
import { usePhone } from '../../components/usePhone'
import { useLoad } from '../../components/useLoad'
import { useAppState } from '../../session/store'
import mapClasses from '../workout/WorkoutMap.module.css'
import { useListActions } from './useListActions'

// Leaflet comes in its own chunk: the tab's fields and list paint without waiting for it.
const PrivacyZonesMap = lazy(() => import('./PrivacyZonesMap').then((module) => ({ default: module.PrivacyZonesMap })))

/** A number typed in a field, or null while it is empty or not a number. */
const numberOf = (value: string | number): number | null => (typeof value === 'number' ? value : value.trim() === '' ? null : Number.isFinite(Number(value)) ? Number(value) : null)

/**
 * Profile section: the user's privacy zones (a centre and a radius), where their tracks are
 * hidden from everyone else. The server checks every value and names what is wrong.
 */
export function PrivacyZones() {
  const { t, i18n } = useTranslation()
  // `version` is bumped after each change: the list is read again.
  const { version, errors, busy, run } = useListActions()
  const { data, errors: loadErrors } = useLoad(`privacy-zones-${version}`, () => call('listPrivacyZones'))
  const [latitude, setLatitude] = useState<string | number>('')
  const [longitude, setLongitude] = useState<string | number>('')
  const [radius, setRadius] = useState<string | number>(500)
  const zones = data?.data.privacy_zones ?? []
  const coordinate = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 6 })
  const phone = usePhone()
  const config = useAppState((state) => state.config)
  // The zone being added, drawn on the map once its fields hold a place and a radius.
  const draft = useMemo(() => {
    const [lat, lng, metres] = [numberOf(latitude), numberOf(longitude), numberOf(radius)]
    return lat !== null && lng !== null && metres !== null && Math.abs(lat) <= 90 && Math.abs(lng) <= 180 && metres > 0 ? { latitude: lat, longitude: lng, radius: metres } : null
  }, [latitude, longitude, radius])

  const add = async (event: FormEvent) => {
    event.preventDefault()
    // Empty fields go as null: the server answers with the catalogued error naming the field.
    const body = { latitude: numberOf(latitude), longitude: numberOf(longitude), radius: numberOf(radius) } as { latitude: number; longitude: number; radius: number }
    if (await run('add', () => call('createPrivacyZone', { body }))) {
      setLatitude('')
      setLongitude('')
    }
  }

  return (
    <Card data-testid="privacy-zones">
      <Stack gap="sm">
        <Title order={3} fz="lg">
          {t('sharing.ZONES.TITLE')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('sharing.ZONES.HELP')}
        </Text>
        <form onSubmit={(event) => void add(event)} noValidate aria-label={t('sharing.ZONES.ADD')}>
          <Group align="flex-end" gap="sm">
            <NumberInput label={t('sharing.ZONES.LATITUDE')} value={latitude} onChange={setLatitude} min={-90} max={90} decimalScale={6} step={0.001} clampBehavior="none" required />
            <NumberInput label={t('sharing.ZONES.LONGITUDE')} value={longitude} onChange={setLongitude} min={-180} max={180} decimalScale={6} step={0.001} clampBehavior="none" required />
            <NumberInput
              label={t('sharing.ZONES.RADIUS')}
              description={t('sharing.ZONES.RADIUS_RANGE', { min: PRIVACY_ZONE_RADIUS_MIN_M, max: PRIVACY_ZONE_RADIUS_MAX_M })}
              value={radius}
              onChange={setRadius}
              min={PRIVACY_ZONE_RADIUS_MIN_M}
              max={PRIVACY_ZONE_RADIUS_MAX_M}
              step={50}
              allowDecimal={false}
              clampBehavior="none"
              required
            />
            <Button type="submit" loading={busy === 'add'}>
              {t('sharing.ZONES.ADD')}
            </Button>
          </Group>
        </form>
        <ErrorBox keys={[...loadErrors, ...errors]} />
        {/* Built once the zones are read, so it starts on them. */}
        {data && (
          <Suspense fallback={<div className={mapClasses.frame} />}>
            <PrivacyZonesMap
              zones={zones}
              draft={draft}
              onPick={(lat, lng) => {
                setLatitude(lat)
                setLongitude(lng)
              }}
              tileUrl={config?.tile_server_url ?? null}
              attribution={config?.map_attribution ?? ''}
            />
          </Suspense>
        )}
        {zones.length === 0 ? (
          <Text size="sm">{t('sharing.ZONES.NONE')}</Text>
        ) : (
          <ZoneList
            zones={zones}
            phone={phone}
            format={(value) => coordinate.format(value)}
            deleteButton={(zone, index) => (
              <Button
                size="compact-sm"
                variant="default"
                loading={busy === zone.id}
                onClick={() => void run(zone.id, () => call('deletePrivacyZone', { params: { zoneId: zone.id } }))}
                aria-label={t('sharing.ZONES.DELETE_NUMBER', { number: index + 1 })}
              >
                {t('sharing.ZONES.DELETE')}
              </Button>
            )}
          />
        )}
      </Stack>
    </Card>
  )
}

/** The zones as a table, or on phones as cards: the German column headers ran past the card at 390 px. */
function ZoneList({ zones, phone, format, deleteButton }: { zones: PrivacyZoneItem[]; phone: boolean; format: (value: number) => string; deleteButton: (zone: PrivacyZoneItem, index: number) => ReactNode }) {
  const { t } = useTranslation()
  if (phone) {
    return (
      <Stack gap="xs" data-testid="privacy-zone-list">
        {zones.map((zone, index) => (
          <Paper key={zone.id} withBorder p="sm" data-testid="privacy-zone">
            <SimpleGrid cols={3} spacing="xs">
              <Labelled label={t('sharing.ZONES.LATITUDE')}>{format(zone.latitude)}</Labelled>
              <Labelled label={t('sharing.ZONES.LONGITUDE')}>{format(zone.longitude)}</Labelled>
              <Labelled label={t('sharing.ZONES.RADIUS')}>{t('sharing.ZONES.METRES', { count: zone.radius })}</Labelled>
            </SimpleGrid>
            <Group mt="xs">{deleteButton(zone, index)}</Group>
          </Paper>
        ))}
      </Stack>
    )
  }
  return (
    <Table data-testid="privacy-zone-list" horizontalSpacing={6}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('sharing.ZONES.LATITUDE')}</Table.Th>
          <Table.Th>{t('sharing.ZONES.LONGITUDE')}</Table.Th>
          <Table.Th>{t('sharing.ZONES.RADIUS')}</Table.Th>
          <Table.Th>
            <VisuallyHidden>{t('sharing.ZONES.ACTIONS')}</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {zones.map((zone, index) => (
          <Table.Tr key={zone.id} data-testid="privacy-zone">
            <Table.Td>{format(zone.latitude)}</Table.Td>
            <Table.Td>{format(zone.longitude)}</Table.Td>
            <Table.Td>{t('sharing.ZONES.METRES', { count: zone.radius })}</Table.Td>
            <Table.Td>{deleteButton(zone, index)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  )
}
