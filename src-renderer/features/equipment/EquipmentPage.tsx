import { Badge, Button, Group, Select, Stack, Table, TextInput, Title } from '@mantine/core'
import { useEffect, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { Equipment, EquipmentType } from '../../../src/contracts'
import { errorKeysOfUnknown } from '../../api/ApiError'
import { call } from '../../api/client'
import { ErrorBox } from '../../components/ErrorBox'
import { numberFormat } from '../../format/intl'

/**
 * The caller's equipment (issue 32): each item with its totals, kept by the server with every
 * workout; a form adds one, and an item is retired or brought back (its history stays).
 */
export function EquipmentPage() {
  const { t, i18n } = useTranslation()
  const [items, setItems] = useState<Equipment[]>([])
  const [types, setTypes] = useState<EquipmentType[]>([])
  const [label, setLabel] = useState('')
  const [typeId, setTypeId] = useState<string | null>(null)
  const [errorKeys, setErrorKeys] = useState<string[]>([])
  const [busy, setBusy] = useState(false)
  // Bumped after each change: the list is fetched again.
  const [version, setVersion] = useState(0)

  useEffect(() => {
    let current = true
    Promise.all([call('listEquipments', { query: {} }), call('listEquipmentTypes')])
      .then(([equipment, equipmentTypes]) => {
        if (!current) return
        setItems(equipment.data.equipments)
        setTypes(equipmentTypes.data.equipment_types)
      })
      .catch((error: unknown) => current && setErrorKeys(errorKeysOfUnknown(error)))
    return () => {
      current = false
    }
  }, [version])

  const typeName = (type: Pick<EquipmentType, 'label'>) => t(`equipment.TYPES.${type.label}`, { defaultValue: type.label })
  const km = numberFormat(i18n.language, { maximumFractionDigits: 1 })

  const run = async (work: () => Promise<unknown>) => {
    setErrorKeys([])
    setBusy(true)
    try {
      await work()
      setVersion((value) => value + 1)
    } catch (error) {
      setErrorKeys(errorKeysOfUnknown(error))
    } finally {
      setBusy(false)
    }
  }

  const add = (event: FormEvent) => {
    event.preventDefault()
    void run(async () => {
      await call('createEquipment', { body: { label, equipment_type_id: Number(typeId) } })
      setLabel('')
    })
  }

  return (
    <Stack gap="md" data-testid="equipment-page">
      <Title order={1} size="h3">
        {t('equipment.TITLE')}
      </Title>
      <ErrorBox keys={errorKeys} />
      <form onSubmit={add} aria-label={t('equipment.ADD')}>
        <Group align="end" gap="sm">
          <TextInput label={t('equipment.LABEL')} value={label} onChange={(event) => setLabel(event.currentTarget.value)} required maxLength={50} />
          <Select
            label={t('equipment.TYPE')}
            data={types.filter((type) => type.is_active).map((type) => ({ value: String(type.id), label: typeName(type) }))}
            value={typeId}
            onChange={setTypeId}
            required
          />
          <Button type="submit" loading={busy} disabled={!label.trim() || typeId === null}>
            {t('equipment.ADD')}
          </Button>
        </Group>
      </form>
      <Table striped>
        <Table.Caption>{t('equipment.CAPTION')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('equipment.LABEL')}</Table.Th>
            <Table.Th scope="col">{t('equipment.TYPE')}</Table.Th>
            <Table.Th scope="col">{t('equipment.DISTANCE')}</Table.Th>
            <Table.Th scope="col">{t('equipment.HOURS')}</Table.Th>
            <Table.Th scope="col">{t('equipment.WORKOUTS')}</Table.Th>
            <Table.Th scope="col">{t('equipment.STATUS')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr key={item.id}>
              <Table.Th scope="row">{item.label}</Table.Th>
              <Table.Td>{typeName(item.equipment_type)}</Table.Td>
              <Table.Td>{item.total_distance === null ? t('equipment.NO_DISTANCE') : t('equipment.KM', { value: km.format(item.total_distance) })}</Table.Td>
              <Table.Td>{t('equipment.HOURS_VALUE', { value: km.format(item.total_duration_in_hours) })}</Table.Td>
              <Table.Td>{item.workouts_count}</Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <Badge color={item.is_active ? 'teal' : 'gray'} variant="light">
                    {t(item.is_active ? 'equipment.ACTIVE' : 'equipment.RETIRED')}
                  </Badge>
                  <Button
                    size="compact-sm"
                    variant="default"
                    disabled={busy}
                    aria-label={t(item.is_active ? 'equipment.RETIRE_ITEM' : 'equipment.REACTIVATE_ITEM', { label: item.label })}
                    onClick={() => void run(() => call('updateEquipment', { params: { id: item.id }, body: { is_active: !item.is_active } }))}
                  >
                    {t(item.is_active ? 'equipment.RETIRE' : 'equipment.REACTIVATE')}
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  )
}
