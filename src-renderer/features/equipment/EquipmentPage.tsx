import { Anchor, Badge, Button, Card, Group, Modal, Progress, Stack, Table, Text, Title } from '@mantine/core'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import type { Equipment, EquipmentType } from '../../../src/contracts'
import { TYPE_WITH_COMPONENTS } from '../../../src/domain/equipment'
import { errorKeysOfUnknown } from '../../api/ApiError'
import { call } from '../../api/client'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { ErrorBox } from '../../components/ErrorBox'
import { numberFormat } from '../../format/intl'
import { useAppState } from '../../session/store'
import { ComponentsPanel } from './ComponentsPanel'
import { EquipmentForm } from './EquipmentForm'
import { wearShare, wearText } from './wear'

/**
 * The caller's equipment (issue 32): each item with its totals, kept by the server with every
 * workout and linking to its workouts; items are added, edited (name, type, description, the sports
 * they are preselected for), retired or brought back (their history stays) and deleted.
 */
export function EquipmentPage() {
  const { t, i18n } = useTranslation()
  const sports = useAppState((state) => state.sports)
  const [items, setItems] = useState<Equipment[]>([])
  const [types, setTypes] = useState<EquipmentType[]>([])
  const [errorKeys, setErrorKeys] = useState<string[]>([])
  const [busy, setBusy] = useState(false)
  const [editing, setEditing] = useState<Equipment | null>(null)
  const [deleting, setDeleting] = useState<Equipment | null>(null)
  const [fitting, setFitting] = useState<Equipment | null>(null)
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
  const sportNames = (ids: readonly number[]) =>
    sports
      .filter((sport) => ids.includes(sport.id))
      .map((sport) => t(`sports.${sport.label}`, { defaultValue: sport.label }))
      .join(', ')
  const km = numberFormat(i18n.language, { maximumFractionDigits: 1 })
  const reload = () => setVersion((value) => value + 1)

  const run = async (work: () => Promise<unknown>) => {
    setErrorKeys([])
    setBusy(true)
    try {
      await work()
      reload()
    } catch (error) {
      setErrorKeys(errorKeysOfUnknown(error))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Stack gap="md" data-testid="equipment-page">
      <Title order={1} size="h3">
        {t('equipment.TITLE')}
      </Title>
      <ErrorBox keys={errorKeys} />
      <Card>
        <Title order={2} size="h5" mb="xs">
          {t('equipment.ADD')}
        </Title>
        <EquipmentForm
          types={types}
          submitLabel={t('equipment.ADD')}
          onSubmit={async (fields) => {
            await call('createEquipment', { body: fields })
            reload()
          }}
        />
      </Card>
      <Table.ScrollContainer minWidth={640}>
        <Table striped>
          <Table.Caption>{t('equipment.CAPTION')}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('equipment.LABEL')}</Table.Th>
              <Table.Th scope="col">{t('equipment.TYPE')}</Table.Th>
              <Table.Th scope="col">{t('equipment.DISTANCE')}</Table.Th>
              <Table.Th scope="col">{t('equipment.HOURS')}</Table.Th>
              <Table.Th scope="col">{t('equipment.WORKOUTS')}</Table.Th>
              <Table.Th scope="col">{t('equipment.WEAR')}</Table.Th>
              <Table.Th scope="col">{t('equipment.STATUS')}</Table.Th>
              <Table.Th scope="col">{t('equipment.ACTIONS')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((item) => (
              <Table.Tr key={item.id}>
                <Table.Th scope="row">
                  {item.label}
                  {item.description && (
                    <Text size="sm" c="dimmed" fw="normal">
                      {item.description}
                    </Text>
                  )}
                  {item.default_for_sport_ids.length > 0 && (
                    <Text size="sm" c="dimmed" fw="normal">
                      {t('equipment.DEFAULT_FOR_LIST', { sports: sportNames(item.default_for_sport_ids) })}
                    </Text>
                  )}
                </Table.Th>
                <Table.Td>{typeName(item.equipment_type)}</Table.Td>
                <Table.Td>{item.total_distance === null ? t('equipment.NO_DISTANCE') : t('equipment.KM', { value: km.format(item.total_distance) })}</Table.Td>
                <Table.Td>{t('equipment.HOURS_VALUE', { value: km.format(item.total_duration_in_hours) })}</Table.Td>
                <Table.Td>
                  {item.workouts_count > 0 ? (
                    <Anchor component={Link} to={`/workouts?equipment_id=${item.id}`} aria-label={t('equipment.WORKOUTS_OF', { count: item.workouts_count, label: item.label })}>
                      {item.workouts_count}
                    </Anchor>
                  ) : (
                    item.workouts_count
                  )}
                </Table.Td>
                <Table.Td>
                  <WearBar item={item} />
                </Table.Td>
                <Table.Td>
                  <Badge color={item.is_active ? 'pine' : 'gray'} variant="light">
                    {t(item.is_active ? 'equipment.ACTIVE' : 'equipment.RETIRED')}
                  </Badge>
                  {item.worn && (
                    <Badge color="red" variant="light" mt={4} display="block">
                      {t('equipment.WORN')}
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Button size="compact-sm" variant="default" onClick={() => setEditing(item)} aria-label={t('equipment.EDIT_ITEM', { label: item.label })}>
                      {t('common.EDIT')}
                    </Button>
                    <Button
                      size="compact-sm"
                      variant="default"
                      disabled={busy}
                      aria-label={t(item.is_active ? 'equipment.RETIRE_ITEM' : 'equipment.REACTIVATE_ITEM', { label: item.label })}
                      onClick={() => void run(() => call('updateEquipment', { params: { id: item.id }, body: { is_active: !item.is_active } }))}
                    >
                      {t(item.is_active ? 'equipment.RETIRE' : 'equipment.REACTIVATE')}
                    </Button>
                    {item.equipment_type.label === TYPE_WITH_COMPONENTS && (
                      <Button size="compact-sm" variant="default" onClick={() => setFitting(item)} aria-label={t('equipment.COMPONENTS_OF', { label: item.label })}>
                        {t('equipment.COMPONENTS')}
                      </Button>
                    )}
                    <Button size="compact-sm" variant="default" color="red" onClick={() => setDeleting(item)} aria-label={t('equipment.DELETE_ITEM', { label: item.label })}>
                      {t('equipment.DELETE')}
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={t('equipment.EDIT_ITEM', { label: editing?.label ?? '' })}
        size="lg"
        closeButtonProps={{ 'aria-label': t('common.CLOSE') }}
      >
        {editing && (
          <EquipmentForm
            types={types}
            item={editing}
            submitLabel={t('common.SUBMIT')}
            onSubmit={async (fields) => {
              await call('updateEquipment', { params: { id: editing.id }, body: { ...fields } })
              setEditing(null)
              reload()
            }}
          />
        )}
      </Modal>
      <Modal
        opened={fitting !== null}
        onClose={() => setFitting(null)}
        title={t('equipment.COMPONENTS_OF', { label: fitting?.label ?? '' })}
        size="xl"
        closeButtonProps={{ 'aria-label': t('common.CLOSE') }}
      >
        {fitting && <ComponentsPanel bike={fitting} onChange={reload} />}
      </Modal>
      <ConfirmDialog
        opened={deleting !== null}
        title={t('equipment.DELETE_ITEM', { label: deleting?.label ?? '' })}
        message={deleting && deleting.workouts_count > 0 ? t('equipment.DELETE_USED', { count: deleting.workouts_count, label: deleting.label }) : t('equipment.DELETE_UNUSED', { label: deleting?.label ?? '' })}
        onConfirm={async () => {
          if (!deleting) return
          // The count shown is the one confirmed: `force` also covers workouts linked since the page loaded.
          await call('deleteEquipment', { params: { id: deleting.id }, query: deleting.workouts_count > 0 ? { force: 'true' } : {} })
          setDeleting(null)
          reload()
        }}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  )
}

/** An item's wear against its limits: a bar and "712 km of 700 km"; nothing without a limit. */
function WearBar({ item }: { item: Equipment }) {
  const { t, i18n } = useTranslation()
  const share = wearShare(item)
  if (share === null) return null
  return (
    <Stack gap={2} miw={120}>
      <Progress value={share * 100} color={item.worn ? 'red' : 'pine'} aria-label={t('equipment.WEAR_BAR', { label: item.label, percent: Math.round(share * 100) })} />
      <Text size="xs">{wearText(t, i18n.language, item)}</Text>
    </Stack>
  )
}
