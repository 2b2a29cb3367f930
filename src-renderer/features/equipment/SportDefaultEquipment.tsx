import { Card, MultiSelect, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Equipment } from '../../../src/contracts'
import { typeFitsSport } from '../../../src/domain/equipment'
import { errorKeysOfUnknown } from '../../api/ApiError'
import { call } from '../../api/client'
import { ErrorBox } from '../../components/ErrorBox'
import { useAppState } from '../../session/store'
import { useBackfillOffer } from './BackfillOffer'

/**
 * The sport preferences' default equipment (issue 32): per active sport, the items new workouts of
 * it get. Each change is saved at once by the server, which checks it as a workout's equipment and
 * keeps the previous choice when it refuses. An item newly made a sport's default is offered for
 * that sport's earlier workouts, as on the Equipment page.
 */
export function SportDefaultEquipment() {
  const { t, i18n } = useTranslation()
  const sports = useAppState((state) => state.sports)
  const [items, setItems] = useState<Equipment[]>([])
  const [errorKeys, setErrorKeys] = useState<string[]>([])
  // Bumped when an offer changes an item's totals: the list is fetched again.
  const [version, setVersion] = useState(0)
  const backfill = useBackfillOffer(() => setVersion((value) => value + 1))

  useEffect(() => {
    let current = true
    call('listEquipments', { query: {} })
      .then((answer) => current && setItems(answer.data.equipments))
      .catch((error: unknown) => current && setErrorKeys(errorKeysOfUnknown(error)))
    return () => {
      current = false
    }
  }, [version])

  const name = (label: string) => t(`sports.${label}`, { defaultValue: label })
  const active = items.filter((item) => item.is_active)
  const rows = sports
    .filter((sport) => sport.is_active_for_user)
    .map((sport) => ({ sport, fitting: active.filter((item) => typeFitsSport(item.equipment_type.label, sport.label)) }))
    .filter(({ fitting }) => fitting.length > 0)
    .sort((a, b) => name(a.sport.label).localeCompare(name(b.sport.label), i18n.language))

  const choose = async (sportId: number, ids: string[]) => {
    setErrorKeys([])
    const before = items.filter((item) => item.default_for_sport_ids.includes(sportId)).map((item) => item.id)
    try {
      const saved = (await call('setSportEquipmentDefaults', { params: { sportId }, body: { equipment_ids: ids } })).data.equipments
      setItems(saved)
      backfill.clear()
      // One choice adds one item at a time.
      const added = ids.find((id) => !before.includes(id))
      if (added) await backfill.offer(saved.find((item) => item.id === added))
    } catch (error) {
      setErrorKeys(errorKeysOfUnknown(error))
    }
  }

  return (
    <Card data-testid="sport-default-equipment">
      <Stack gap="sm">
        <Title order={2} size="h5">
          {t('equipment.SPORT_DEFAULTS')}
        </Title>
        <Text size="sm">{rows.length === 0 ? t('equipment.SPORT_DEFAULTS_NONE') : t('equipment.SPORT_DEFAULTS_HINT')}</Text>
        <ErrorBox keys={errorKeys} />
        {backfill.notice}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {rows.map(({ sport, fitting }) => (
            <MultiSelect
              key={sport.id}
              label={name(sport.label)}
              data={fitting.map((item) => ({ value: item.id, label: item.label }))}
              value={fitting.filter((item) => item.default_for_sport_ids.includes(sport.id)).map((item) => item.id)}
              onChange={(ids) => void choose(sport.id, ids)}
              clearable
              searchable
              comboboxProps={{ withinPortal: true }}
              data-testid={`sport-default-equipment-${sport.id}`}
            />
          ))}
        </SimpleGrid>
      </Stack>
      {backfill.dialog}
    </Card>
  )
}
