import { Badge, Button, Group, NumberInput, Progress, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core'
import { useEffect, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { EQUIPMENT_LABEL_MAX, type Equipment, type EquipmentComponent } from '../../../src/contracts'
import { errorKeysOfUnknown } from '../../api/ApiError'
import { call } from '../../api/client'
import { ErrorBox } from '../../components/ErrorBox'
import { dateTimeFormat, numberFormat } from '../../format/intl'
import { distanceLimitOf, distanceText, limitOf, startOfDayIn, useWearSettings, wearShare, wearText } from './wear'

/**
 * A bike's components (issue 32): each with the distance and time of the bike's workouts since it
 * was fitted and its wear against its limit; a component is replaced (the new one starts at zero
 * today, the old one keeps its history) or retired, and new ones are fitted from a date.
 */
export function ComponentsPanel({ bike, onChange }: { bike: Equipment; onChange: () => void }) {
  const { t, i18n } = useTranslation()
  const { imperial, timeZone } = useWearSettings()
  const [components, setComponents] = useState<EquipmentComponent[]>([])
  const [errorKeys, setErrorKeys] = useState<string[]>([])
  const [busy, setBusy] = useState(false)
  const [label, setLabel] = useState('')
  const [fittedOn, setFittedOn] = useState('')
  const [limitDistance, setLimitDistance] = useState<string | number>('')
  const [limitHours, setLimitHours] = useState<string | number>('')

  useEffect(() => {
    let current = true
    call('listComponents', { params: { id: bike.id } })
      .then((answer) => current && setComponents(answer.data.components))
      .catch((error: unknown) => current && setErrorKeys(errorKeysOfUnknown(error)))
    return () => {
      current = false
    }
  }, [bike.id])

  const number = numberFormat(i18n.language, { maximumFractionDigits: 1 })
  // Days as the user's zone reads them, wherever the browser is.
  const day = dateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone })
  const run = async (work: () => Promise<{ data: { components: EquipmentComponent[] } }>): Promise<boolean> => {
    setErrorKeys([])
    setBusy(true)
    try {
      setComponents((await work()).data.components)
      onChange()
      return true
    } catch (error) {
      setErrorKeys(errorKeysOfUnknown(error))
      return false
    } finally {
      setBusy(false)
    }
  }

  const add = async (event: FormEvent) => {
    event.preventDefault()
    const added = await run(() =>
      call('createComponent', {
        params: { id: bike.id },
        body: {
          label: label.trim(),
          // The day typed, from midnight in the user's zone (the profile's, not the browser's).
          ...(fittedOn ? { fitted_at: startOfDayIn(fittedOn, timeZone) } : {}),
          wear_limit_distance: distanceLimitOf(limitDistance, imperial),
          wear_limit_hours: limitOf(limitHours),
        },
      }),
    )
    if (added) {
      setLabel('')
      setFittedOn('')
      setLimitDistance('')
      setLimitHours('')
    }
  }

  return (
    <Stack gap="md" data-testid="equipment-components">
      <ErrorBox keys={errorKeys} />
      {components.length === 0 ? (
        <Text size="sm">{t('equipment.COMPONENTS_NONE')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table striped>
            <Table.Caption>{t('equipment.COMPONENTS_CAPTION')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('equipment.COMPONENT_LABEL')}</Table.Th>
                <Table.Th scope="col">{t('equipment.FITTED_AT')}</Table.Th>
                <Table.Th scope="col">{t('equipment.DISTANCE')}</Table.Th>
                <Table.Th scope="col">{t('equipment.HOURS')}</Table.Th>
                <Table.Th scope="col">{t('equipment.WEAR')}</Table.Th>
                <Table.Th scope="col">{t('equipment.ACTIONS')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {components.map((component) => {
                const share = wearShare(component)
                return (
                  <Table.Tr key={component.id} data-testid="component-row">
                    <Table.Th scope="row">{component.label}</Table.Th>
                    <Table.Td>
                      {day.format(new Date(component.fitted_at))}
                      {component.removed_at && (
                        <Text size="sm" c="dimmed">
                          {t('equipment.REMOVED_AT')} {day.format(new Date(component.removed_at))}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>{distanceText(t, i18n.language, component.total_distance, imperial)}</Table.Td>
                    <Table.Td>{t('equipment.HOURS_VALUE', { value: number.format(component.total_duration_in_hours) })}</Table.Td>
                    <Table.Td>
                      {share !== null && (
                        <Stack gap={2}>
                          <Progress
                            value={share * 100}
                            color={component.worn ? 'red' : 'pine'}
                            aria-label={t('equipment.WEAR_BAR', { label: component.label, percent: Math.round(share * 100) })}
                          />
                          <Text size="xs">{wearText(t, i18n.language, component, imperial)}</Text>
                        </Stack>
                      )}
                      {component.worn && (
                        <Badge color="red" variant="light">
                          {t('equipment.WORN')}
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td>
                      {component.removed_at === null ? (
                        <Group gap="xs" wrap="nowrap">
                          <Button
                            size="compact-sm"
                            variant="default"
                            disabled={busy}
                            aria-label={t('equipment.REPLACE_ITEM', { label: component.label })}
                            onClick={() => void run(() => call('retireComponent', { params: { id: bike.id, componentId: component.id }, body: { replace: true } }))}
                          >
                            {t('equipment.REPLACE')}
                          </Button>
                          <Button
                            size="compact-sm"
                            variant="default"
                            disabled={busy}
                            aria-label={t('equipment.RETIRE_COMPONENT', { label: component.label })}
                            onClick={() => void run(() => call('retireComponent', { params: { id: bike.id, componentId: component.id }, body: {} }))}
                          >
                            {t('equipment.RETIRE')}
                          </Button>
                        </Group>
                      ) : (
                        <Badge color="gray" variant="light">
                          {t('equipment.RETIRED')}
                        </Badge>
                      )}
                    </Table.Td>
                  </Table.Tr>
                )
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <form onSubmit={(event) => void add(event)} aria-label={t('equipment.COMPONENT_ADD')} data-testid="component-add-form">
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label={t('equipment.COMPONENT_LABEL')} value={label} onChange={(event) => setLabel(event.currentTarget.value)} required maxLength={EQUIPMENT_LABEL_MAX} />
            <TextInput type="date" label={t('equipment.FITTED_AT')} value={fittedOn} onChange={(event) => setFittedOn(event.currentTarget.value)} />
            <NumberInput label={t(imperial ? 'equipment.WEAR_LIMIT_DISTANCE_MI' : 'equipment.WEAR_LIMIT_DISTANCE')} value={limitDistance} onChange={setLimitDistance} min={0} decimalScale={1} hideControls />
            <NumberInput label={t('equipment.WEAR_LIMIT_HOURS')} value={limitHours} onChange={setLimitHours} min={0} decimalScale={1} hideControls />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={busy} disabled={!label.trim()}>
              {t('equipment.COMPONENT_ADD')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  )
}
