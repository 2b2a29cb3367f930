import { MultiSelect } from '@mantine/core'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Equipment } from '../../../src/contracts'
import { call } from '../../api/client'
import { useAppState } from '../../session/store'
import { itemsForSport, keptForSport, withNewPick } from './pickerRules'

/**
 * The equipment of a workout, offering only the caller's items that go with the sport. On a new
 * workout (no `keep`), each sport preselects its defaults; on an edit, `keep` holds the workout's
 * items (kept even when retired), and a new sport drops those that no longer go with it.
 * `onChange` says whether the user picked (rather than the sport setting the choice).
 */
export function EquipmentPicker({
  sportId,
  value,
  onChange,
  keep,
  description,
}: {
  sportId: string | null
  value: string[]
  onChange: (ids: string[], byUser: boolean) => void
  keep?: readonly string[]
  description?: string
}) {
  const { t } = useTranslation()
  const sports = useAppState((state) => state.sports)
  const [items, setItems] = useState<Equipment[]>([])
  const sportLabel = sports.find((sport) => String(sport.id) === sportId)?.label

  useEffect(() => {
    let current = true
    call('listEquipments', { query: {} })
      .then((response) => current && setItems(response.data.equipments.filter((item) => item.is_active || keep?.includes(item.id))))
      .catch(() => current && setItems([]))
    return () => {
      current = false
    }
    // The workout's items are read once, as the form opened.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  useEffect(() => {
    const sport = Number(sportId)
    const defaults = itemsForSport(items, sportLabel).filter((item) => item.is_active && item.default_for_sport_ids.includes(sport))
    onChange(keep ? keptForSport(items, value, sportLabel) : defaults.map((item) => item.id), false)
    // Only a new sport (or the items arriving) resets or checks the choice.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [sportId, sportLabel, items])

  if (items.length === 0) return null
  const typeName = (item: Equipment) => t(`equipment.TYPES.${item.equipment_type.label}`, { defaultValue: item.equipment_type.label })
  return (
    <MultiSelect
      label={t('equipment.TITLE')}
      description={description}
      placeholder={t('equipment.PICKER_NONE')}
      nothingFoundMessage={t('equipment.PICKER_NOTHING_FITS')}
      data={itemsForSport(items, sportLabel).map((item) => ({ value: item.id, label: `${item.label} · ${typeName(item)}` }))}
      value={value}
      onChange={(next) => onChange(withNewPick(items, value, next), true)}
      clearable
      searchable
      comboboxProps={{ withinPortal: true }}
      data-testid="equipment-picker"
    />
  )
}
