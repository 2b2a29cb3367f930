import { MultiSelect } from '@mantine/core'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Equipment } from '../../../src/contracts'
import { call } from '../../api/client'

/**
 * The equipment of a new workout: the caller's items in use, with the sport's defaults preselected
 * each time the sport changes (the server checks which fit the sport).
 */
export function EquipmentPicker({ sportId, value, onChange }: { sportId: string | null; value: string[]; onChange: (ids: string[]) => void }) {
  const { t } = useTranslation()
  const [items, setItems] = useState<Equipment[]>([])

  useEffect(() => {
    let current = true
    call('listEquipments', { query: {} })
      .then((response) => current && setItems(response.data.equipments.filter((item) => item.is_active)))
      .catch(() => current && setItems([]))
    return () => {
      current = false
    }
  }, [])

  useEffect(() => {
    const sport = Number(sportId)
    onChange(items.filter((item) => item.default_for_sport_ids.includes(sport)).map((item) => item.id))
    // Only a new sport (or the items arriving) resets the choice to the sport's defaults.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [sportId, items])

  if (items.length === 0) return null
  return (
    <MultiSelect
      label={t('equipment.TITLE')}
      data={items.map((item) => ({ value: item.id, label: item.label }))}
      value={value}
      onChange={onChange}
      clearable
      data-testid="equipment-picker"
    />
  )
}
