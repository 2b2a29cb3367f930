import { Alert, Button, Group, MultiSelect, NumberInput, Select, SimpleGrid, Stack, TextInput } from '@mantine/core'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { EQUIPMENT_DESCRIPTION_MAX, EQUIPMENT_LABEL_MAX, type Equipment, type EquipmentType } from '../../../src/contracts'
import { MISC, typeFitsSport } from '../../../src/domain/equipment'
import { errorKeysOfUnknown } from '../../api/ApiError'
import { CountedTextarea } from '../../components/CountedTextarea'
import { ErrorBox } from '../../components/ErrorBox'
import { useAppState } from '../../session/store'
import { selectableSports } from '../workout/WorkoutFormFields'
import { distanceLimitInput, distanceLimitOf, limitOf, useWearSettings } from './wear'

/** What the form sends: the fields of an item's create or edit. */
export interface EquipmentFields {
  label: string
  equipment_type_id: number
  description: string | null
  default_for_sport_ids: number[]
  /** km and hours of moving time at which it is due for replacement; null: no limit. */
  wear_limit_distance: number | null
  wear_limit_hours: number | null
}

/**
 * An item's name, type, description and the sports it is preselected for (only sports its type goes
 * with). Used to add an item and, with `item`, to edit one: a new type other than Misc takes the item
 * off its workouts (the server's rule), which the form says before it is saved.
 */
export function EquipmentForm({
  types,
  item,
  submitLabel,
  onSubmit,
}: {
  types: readonly EquipmentType[]
  item?: Equipment
  submitLabel: string
  /** Saves; a thrown error is shown in the form, which keeps what was typed. */
  onSubmit: (fields: EquipmentFields) => Promise<void>
}) {
  const { t } = useTranslation()
  const sports = useAppState((state) => state.sports)
  const [label, setLabel] = useState(item?.label ?? '')
  const [typeId, setTypeId] = useState<string | null>(item ? String(item.equipment_type.id) : null)
  const [description, setDescription] = useState(item?.description ?? '')
  const [sportIds, setSportIds] = useState<string[]>(item?.default_for_sport_ids.map(String) ?? [])
  const { imperial } = useWearSettings()
  // Typed and shown in the user's unit, stored in km.
  const [limitDistance, setLimitDistance] = useState<string | number>(distanceLimitInput(item?.wear_limit_distance ?? null, imperial))
  const [limitHours, setLimitHours] = useState<string | number>(item?.wear_limit_hours ?? '')
  const [errorKeys, setErrorKeys] = useState<string[]>([])
  const [busy, setBusy] = useState(false)

  const type = types.find((candidate) => String(candidate.id) === typeId)
  const fittingSports = type ? selectableSports(sports).filter((sport) => typeFitsSport(type.label, sport.label)) : []
  const typeName = (candidate: Pick<EquipmentType, 'label'>) => t(`equipment.TYPES.${candidate.label}`, { defaultValue: candidate.label })
  const unlinks = item !== undefined && type !== undefined && type.id !== item.equipment_type.id && type.label !== MISC && item.workouts_count > 0

  const chooseType = (next: string | null) => {
    setTypeId(next)
    const nextType = types.find((candidate) => String(candidate.id) === next)
    // Sports the new type does not go with are no longer offered, nor kept.
    setSportIds((chosen) => chosen.filter((id) => nextType && typeFitsSport(nextType.label, sports.find((sport) => String(sport.id) === id)?.label ?? '')))
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setErrorKeys([])
    setBusy(true)
    try {
      await onSubmit({
        label: label.trim(),
        equipment_type_id: Number(typeId),
        description: description.trim() || null,
        default_for_sport_ids: sportIds.map(Number),
        wear_limit_distance: distanceLimitOf(limitDistance, imperial),
        wear_limit_hours: limitOf(limitHours),
      })
      if (!item) {
        setLabel('')
        setDescription('')
        setSportIds([])
        setLimitDistance('')
        setLimitHours('')
      }
    } catch (error) {
      setErrorKeys(errorKeysOfUnknown(error))
    } finally {
      setBusy(false)
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} aria-label={item ? t('equipment.EDIT_ITEM', { label: item.label }) : t('equipment.ADD')} data-testid={item ? 'equipment-edit-form' : 'equipment-add-form'}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label={t('equipment.LABEL')} value={label} onChange={(event) => setLabel(event.currentTarget.value)} required maxLength={EQUIPMENT_LABEL_MAX} />
          <Select
            label={t('equipment.TYPE')}
            // A disabled type stays selectable for an item that has it already (the server's rule).
            data={types.filter((candidate) => candidate.is_active || candidate.id === item?.equipment_type.id).map((candidate) => ({ value: String(candidate.id), label: typeName(candidate) }))}
            value={typeId}
            onChange={chooseType}
            allowDeselect={false}
            required
            comboboxProps={{ withinPortal: true }}
          />
        </SimpleGrid>
        <MultiSelect
          label={t('equipment.DEFAULT_FOR')}
          description={t('equipment.DEFAULT_FOR_HINT')}
          placeholder={type ? undefined : t('equipment.DEFAULT_FOR_TYPE_FIRST')}
          data={fittingSports.map((sport) => ({ value: String(sport.id), label: t(`sports.${sport.label}`, { defaultValue: sport.label }) }))}
          value={sportIds}
          onChange={setSportIds}
          disabled={!type || (item !== undefined && !item.is_active)}
          clearable
          searchable
          comboboxProps={{ withinPortal: true }}
          data-testid="equipment-default-sports"
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <NumberInput
            label={t(imperial ? 'equipment.WEAR_LIMIT_DISTANCE_MI' : 'equipment.WEAR_LIMIT_DISTANCE')}
            description={t('equipment.WEAR_LIMIT_HINT')}
            value={limitDistance}
            onChange={setLimitDistance}
            min={0}
            decimalScale={1}
            hideControls
            data-testid="equipment-limit-distance"
          />
          <NumberInput
            label={t('equipment.WEAR_LIMIT_HOURS')}
            description={t('equipment.WEAR_LIMIT_HINT')}
            value={limitHours}
            onChange={setLimitHours}
            min={0}
            decimalScale={1}
            hideControls
            data-testid="equipment-limit-hours"
          />
        </SimpleGrid>
        <CountedTextarea label={t('equipment.DESCRIPTION')} value={description} limit={EQUIPMENT_DESCRIPTION_MAX} onValueChange={setDescription} />
        {unlinks && (
          <Alert color="orange" variant="light" data-testid="equipment-type-warning">
            {t('equipment.TYPE_CHANGE_UNLINKS', { count: item.workouts_count })}
          </Alert>
        )}
        <ErrorBox keys={errorKeys} />
        <Group justify="flex-end">
          <Button type="submit" loading={busy} disabled={!label.trim() || typeId === null}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
