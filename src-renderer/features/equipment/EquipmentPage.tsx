import { Anchor, Badge, Button, Card, Group, Modal, Progress, Stack, Table, Text, Title } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { lazy, Suspense, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import type { Equipment, EquipmentType } from '../../../src/contracts'
import { TYPE_WITH_COMPONENTS } from '../../../src/domain/equipment'
import { errorKeysOfUnknown } from '../../api/ApiError'
import { call } from '../../api/client'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { ErrorBox } from '../../components/ErrorBox'
import { PageLoader } from '../../components/PageLoader'
import { numberFormat } from '../../format/intl'
import { useAppState } from '../../session/store'
import { useBackfillOffer } from './BackfillOffer'
import { ComponentsPanel } from './ComponentsPanel'
import { EquipmentForm } from './EquipmentForm'
import { distanceText, useWearSettings, wearShare, wearText } from './wear'

// The chart library loads with the first chart opened, not with the page.
const EquipmentStats = lazy(() => import('./EquipmentStats').then((module) => ({ default: module.EquipmentStats })))

/** Phones (below Mantine's `sm`, 48em) get a card per item instead of an 8-column table. */
const PHONE = '(max-width: 47.99em)'
/**
 * The table's buttons wrap within this width (px; three German ones a line): kept on one line they
 * took the name's room at 1280 px, wrapping it a word a line, and pushed "Delete" out of sight.
 */
const ACTIONS_WIDTH = 320
/** The name column's least width (px), so a name such as "Canyon Endurace CF 7" stays on one line. */
const NAME_WIDTH = 180

/**
 * The caller's equipment (issue 32): each item with its totals, kept by the server with every
 * workout and linking to its workouts; items are added, edited (name, type, description, the sports
 * they are preselected for), retired or brought back (their history stays) and deleted. An item
 * made a sport's default is offered for the earlier workouts of that sport that have none of its
 * type (rides imported before the bike was entered), at once and from its row.
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
  const [charting, setCharting] = useState<Equipment | null>(null)
  const phone = useMediaQuery(PHONE, undefined, { getInitialValueInEffect: false })
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
  const { imperial } = useWearSettings()
  const km = numberFormat(i18n.language, { maximumFractionDigits: 1 })
  const distanceOf = (item: Equipment) => (item.total_distance === null ? t('equipment.NO_DISTANCE') : distanceText(t, i18n.language, item.total_distance, imperial))
  const reload = () => setVersion((value) => value + 1)
  const backfill = useBackfillOffer(reload)

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

  const actions: ItemActionHandlers = {
    edit: setEditing,
    fit: setFitting,
    chart: setCharting,
    remove: setDeleting,
    backfill: backfill.open,
    toggle: (item) => void run(() => call('updateEquipment', { params: { id: item.id }, body: { is_active: !item.is_active } })),
  }

  return (
    <Stack gap="md" data-testid="equipment-page">
      <Title order={1} size="h3">
        {t('equipment.TITLE')}
      </Title>
      <ErrorBox keys={errorKeys} />
      {backfill.notice}
      <Card>
        <Title order={2} size="h5" mb="xs">
          {t('equipment.ADD')}
        </Title>
        <EquipmentForm
          types={types}
          submitLabel={t('equipment.ADD')}
          onSubmit={async (fields) => {
            const created = await call('createEquipment', { body: fields })
            backfill.clear()
            reload()
            await backfill.offer(created.data.equipments[0])
          }}
        />
      </Card>
      {phone ? (
        <Stack gap="sm" data-testid="equipment-cards">
          <Title order={2} size="h5">
            {t('equipment.CAPTION')}
          </Title>
          {items.length === 0 && <Text c="dimmed">{t('equipment.EMPTY')}</Text>}
          {items.map((item) => (
            <Card key={item.id} withBorder data-testid="equipment-card">
              <Stack gap={6}>
                <Group justify="space-between" align="flex-start" wrap="nowrap">
                  <Title order={3} size="h5" style={{ overflowWrap: 'anywhere' }}>
                    {item.label}
                  </Title>
                  <Status item={item} />
                </Group>
                <ItemNotes item={item} sportNames={sportNames} onBackfill={actions.backfill} />
                <Text size="sm">
                  {typeName(item.equipment_type)} · {distanceOf(item)} · {t('equipment.HOURS_VALUE', { value: km.format(item.total_duration_in_hours) })} ·{' '}
                  <WorkoutsCount item={item} words />
                </Text>
                <WearBar item={item} />
                <ItemActions item={item} busy={busy} actions={actions} />
              </Stack>
            </Card>
          ))}
        </Stack>
      ) : (
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
              {items.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={8}>
                    <Text c="dimmed">{t('equipment.EMPTY')}</Text>
                  </Table.Td>
                </Table.Tr>
              )}
              {items.map((item) => (
                <Table.Tr key={item.id}>
                  <Table.Th scope="row" miw={NAME_WIDTH}>
                    {item.label}
                    <ItemNotes item={item} sportNames={sportNames} onBackfill={actions.backfill} />
                  </Table.Th>
                  <Table.Td>{typeName(item.equipment_type)}</Table.Td>
                  <Table.Td>{distanceOf(item)}</Table.Td>
                  <Table.Td>{t('equipment.HOURS_VALUE', { value: km.format(item.total_duration_in_hours) })}</Table.Td>
                  <Table.Td>
                    <WorkoutsCount item={item} words={false} />
                  </Table.Td>
                  <Table.Td>
                    <WearBar item={item} />
                  </Table.Td>
                  <Table.Td>
                    <Status item={item} />
                  </Table.Td>
                  <Table.Td>
                    <ItemActions item={item} busy={busy} actions={actions} maw={ACTIONS_WIDTH} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
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
              const updated = await call('updateEquipment', { params: { id: editing.id }, body: { ...fields } })
              const item = updated.data.equipments[0]
              const sportsBefore = [...editing.default_for_sport_ids].sort().join()
              setEditing(null)
              backfill.clear()
              reload()
              // New sports: their earlier workouts may want it too.
              if (item && [...item.default_for_sport_ids].sort().join() !== sportsBefore) await backfill.offer(item)
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
      <Modal
        opened={charting !== null}
        onClose={() => setCharting(null)}
        title={t('equipment.STATS_OF', { label: charting?.label ?? '' })}
        size="lg"
        closeButtonProps={{ 'aria-label': t('common.CLOSE') }}
      >
        {charting && (
          <Suspense fallback={<PageLoader />}>
            <EquipmentStats item={charting} />
          </Suspense>
        )}
      </Modal>
      {backfill.dialog}
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

/** An item's wear against its limits: a bar and "712 km of 700 km" (in miles for imperial units); nothing without a limit. */
function WearBar({ item }: { item: Equipment }) {
  const { t, i18n } = useTranslation()
  const { imperial } = useWearSettings()
  const share = wearShare(item)
  if (share === null) return null
  return (
    <Stack gap={2} miw={120}>
      <Progress value={share * 100} color={item.worn ? 'red' : 'pine'} aria-label={t('equipment.WEAR_BAR', { label: item.label, percent: Math.round(share * 100) })} />
      <Text size="xs">{wearText(t, i18n.language, item, imperial)}</Text>
    </Stack>
  )
}

/** What the buttons of an item do. */
interface ItemActionHandlers {
  edit: (item: Equipment) => void
  toggle: (item: Equipment) => void
  fit: (item: Equipment) => void
  chart: (item: Equipment) => void
  remove: (item: Equipment) => void
  backfill: (item: Equipment) => void
}

/** Edit, retire or use again, components (bikes) and delete, wrapping within `maw` (px) when given. */
function ItemActions({ item, busy, actions, maw }: { item: Equipment; busy: boolean; actions: ItemActionHandlers; maw?: number }) {
  const { t } = useTranslation()
  return (
    <Group gap="xs" maw={maw}>
      <Button size="compact-sm" variant="default" onClick={() => actions.edit(item)} aria-label={t('equipment.EDIT_ITEM', { label: item.label })}>
        {t('common.EDIT')}
      </Button>
      <Button
        size="compact-sm"
        variant="default"
        disabled={busy}
        aria-label={t(item.is_active ? 'equipment.RETIRE_ITEM' : 'equipment.REACTIVATE_ITEM', { label: item.label })}
        onClick={() => actions.toggle(item)}
      >
        {t(item.is_active ? 'equipment.RETIRE' : 'equipment.REACTIVATE')}
      </Button>
      {item.equipment_type.label === TYPE_WITH_COMPONENTS && (
        <Button size="compact-sm" variant="default" onClick={() => actions.fit(item)} aria-label={t('equipment.COMPONENTS_OF', { label: item.label })}>
          {t('equipment.COMPONENTS')}
        </Button>
      )}
      <Button size="compact-sm" variant="default" onClick={() => actions.chart(item)} aria-label={t('equipment.STATS_ITEM', { label: item.label })}>
        {t('equipment.STATS')}
      </Button>
      <Button size="compact-sm" variant="default" color="red" onClick={() => actions.remove(item)} aria-label={t('equipment.DELETE_ITEM', { label: item.label })}>
        {t('equipment.DELETE')}
      </Button>
    </Group>
  )
}

/** The description and the sports an item is a default for. */
function ItemNotes({ item, sportNames, onBackfill }: { item: Equipment; sportNames: (ids: readonly number[]) => string; onBackfill: (item: Equipment) => void }) {
  const { t } = useTranslation()
  return (
    <>
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
      {item.default_for_sport_ids.length > 0 && item.is_active && (
        // Its own line, at the start like the text above (a button centres its words).
        <Anchor component="button" type="button" size="sm" fw="normal" ta="start" display="block" underline="always" onClick={() => onBackfill(item)} aria-label={t('equipment.BACKFILL.OPEN_ITEM', { label: item.label })}>
          {t('equipment.BACKFILL.OPEN')}
        </Anchor>
      )}
    </>
  )
}

/** The number of its workouts (`words`: "3 workouts", where no column header says it), a link to them when there are some. */
function WorkoutsCount({ item, words }: { item: Equipment; words: boolean }) {
  const { t } = useTranslation()
  const text = words ? t('equipment.WORKOUTS_COUNT', { count: item.workouts_count }) : String(item.workouts_count)
  if (item.workouts_count === 0) return <>{text}</>
  return (
    // Within a line of text the link is underlined, not told by its colour alone (WCAG 1.4.1).
    <Anchor
      component={Link}
      to={`/workouts?equipment_id=${item.id}`}
      underline={words ? 'always' : 'hover'}
      aria-label={t('equipment.WORKOUTS_OF', { count: item.workouts_count, label: item.label })}
    >
      {text}
    </Anchor>
  )
}

/** In use or retired, and due for replacement when worn. */
function Status({ item }: { item: Equipment }) {
  const { t } = useTranslation()
  return (
    // At least as wide as their words: beside a row of buttons the table squeezed "In use" to "In u…".
    <Stack gap={4} align="flex-start">
      <Badge color={item.is_active ? 'pine' : 'gray'} variant="light" miw="max-content">
        {t(item.is_active ? 'equipment.ACTIVE' : 'equipment.RETIRED')}
      </Badge>
      {item.worn && (
        <Badge color="red" variant="light" miw="max-content">
          {t('equipment.WORN')}
        </Badge>
      )}
    </Stack>
  )
}
