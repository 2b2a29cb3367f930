import { ActionIcon, Button, Group, Paper, Stack, Text } from '@mantine/core'
import { IconFile, IconUpload, IconX } from '@tabler/icons-react'
import { useRef, useState, type DragEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { TFunction } from 'i18next'
import { FileSize } from '../../components/FileSize'
import { BYTES_PER_MB } from '../../format/sizes'
import { formatNumber } from '../../format/units'
import { desktopBridge, droppedWorkoutFiles, pickWorkoutFiles, splitWorkoutFiles, WORKOUT_FILE_ACCEPT, type PickedWorkoutFiles } from '../../platform/desktop'
import classes from './FileDropZone.module.css'

/** A size in MB with two decimals, in the interface language and its unit's name (Mo in French). */
export function formatMegabytes(bytes: number, t: TFunction, language: string): string {
  return t('common.SIZE', { value: formatNumber(bytes / BYTES_PER_MB, language, 2), unit: t('common.SIZE_UNITS.MB') })
}

/**
 * Where files are chosen: dropped from the file manager, picked with the browser's file input,
 * or — in the desktop app — with the native dialog through the bridge.
 */
export function FileDropZone({
  files,
  onPicked,
  onRemove,
  disabled,
}: {
  files: readonly File[]
  onPicked: (picked: PickedWorkoutFiles) => void
  onRemove: (index: number) => void
  disabled: boolean
}) {
  const { t } = useTranslation()
  const inputRef = useRef<HTMLInputElement>(null)
  const [over, setOver] = useState(false)

  const choose = () => {
    if (desktopBridge()) void pickWorkoutFiles().then(onPicked)
    else inputRef.current?.click()
  }

  const onDragOver = (event: DragEvent) => {
    if (disabled || !event.dataTransfer.types.includes('Files')) return
    // Without preventDefault the browser would open the file instead of dropping it here.
    event.preventDefault()
    event.dataTransfer.dropEffect = 'copy'
    setOver(true)
  }

  const onDrop = (event: DragEvent) => {
    event.preventDefault()
    setOver(false)
    if (disabled) return
    // The items are readable only during the event: start reading now.
    void droppedWorkoutFiles(event.dataTransfer).then(onPicked)
  }

  return (
    <Stack gap="xs">
      <Paper
        className={classes.zone}
        data-over={over || undefined}
        data-disabled={disabled || undefined}
        onDragEnter={onDragOver}
        onDragOver={onDragOver}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        data-testid="drop-zone"
      >
        <Stack align="center" gap={6}>
          <IconUpload size={32} aria-hidden />
          <Text fw={600} ta="center">
            {t('workouts.ADD.DROP_HERE')}
          </Text>
          <Text size="sm" c="dimmed">
            {t('workouts.ADD.OR')}
          </Text>
          <Button variant="light" onClick={choose} disabled={disabled} data-testid="choose-files">
            {t('workouts.ADD.CHOOSE_FILES')}
          </Button>
          <input
            ref={inputRef}
            type="file"
            multiple
            accept={WORKOUT_FILE_ACCEPT}
            hidden
            disabled={disabled}
            aria-label={t('workouts.ADD.CHOOSE_FILES')}
            data-testid="file-input"
            onChange={(event) => {
              onPicked(splitWorkoutFiles([...(event.currentTarget.files ?? [])]))
              // The same file can be chosen again after being removed.
              event.currentTarget.value = ''
            }}
          />
        </Stack>
      </Paper>
      {files.length > 0 && (
        <Stack gap={4} data-testid="selected-files">
          <Text size="sm" fw={600}>
            {t('workouts.ADD.SELECTED', { count: files.length })}
          </Text>
          {files.map((file, index) => (
            <Group key={`${file.name}-${index}`} gap="xs" wrap="nowrap" justify="space-between" className={classes.fileRow}>
              <Group gap={6} wrap="nowrap" miw={0}>
                <IconFile size={16} aria-hidden />
                <Text size="sm" truncate>
                  {file.name}
                </Text>
                <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  <FileSize bytes={file.size} />
                </Text>
              </Group>
              <ActionIcon variant="subtle" color="gray" size="sm" disabled={disabled} aria-label={t('workouts.ADD.REMOVE_FILE', { name: file.name })} onClick={() => onRemove(index)}>
                <IconX size={14} />
              </ActionIcon>
            </Group>
          ))}
        </Stack>
      )}
    </Stack>
  )
}
