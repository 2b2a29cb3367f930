import { Select } from '@mantine/core'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Equipment } from '../../../src/contracts'
import { call } from '../../api/client'

/** The value of the filter that lists the workouts without any equipment (the API's `none`). */
const NONE = 'none'

/** The workouts list's equipment filter: one of the caller's items (retired ones too), or none at all. */
export function EquipmentFilter({ value, onChange }: { value: string | null; onChange: (value: string | null) => void }) {
  const { t } = useTranslation()
  const [items, setItems] = useState<Equipment[]>([])

  useEffect(() => {
    let current = true
    call('listEquipments', { query: {} })
      .then((response) => current && setItems(response.data.equipments))
      .catch(() => current && setItems([]))
    return () => {
      current = false
    }
  }, [])

  // Without items there is nothing to filter by, unless an address already asks for one.
  if (items.length === 0 && !value) return null
  return (
    <Select
      label={t('equipment.TITLE')}
      placeholder={t('equipment.FILTER_ALL')}
      clearable
      value={value}
      onChange={onChange}
      data={[
        { value: NONE, label: t('equipment.FILTER_NONE') },
        ...items.map((item) => ({ value: item.id, label: item.is_active ? item.label : t('equipment.FILTER_RETIRED', { label: item.label }) })),
      ]}
      comboboxProps={{ withinPortal: true }}
      data-testid="filter-equipment_id"
    />
  )
}
