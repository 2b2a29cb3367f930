import { ActionIcon, Group, TextInput } from '@mantine/core'
import { IconSearch, IconX } from '@tabler/icons-react'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'

/**
 * The username filter. Enter or the search icon submits the trimmed text (an empty one is not
 * submitted); the clear icon empties the field and resets the filter.
 */
export function UsersFilter({ value, onSubmit }: { value: string; onSubmit: (q: string) => void }) {
  const { t } = useTranslation()
  // The field is keyed on `value` by the list, so it restarts from the applied filter.
  const [text, setText] = useState(value)

  const submit = (event?: FormEvent) => {
    event?.preventDefault()
    const q = text.trim()
    if (q !== '') onSubmit(q)
  }
  const clear = () => {
    setText('')
    if (value !== '') onSubmit('')
  }

  return (
    <form onSubmit={submit} role="search" data-testid="users-filter">
      <TextInput
        label={t('admin.USERS.FILTER')}
        placeholder={t('admin.USERS.FILTER_PLACEHOLDER')}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        rightSectionWidth={text || value ? 64 : 36}
        rightSection={
          <Group gap={2} wrap="nowrap">
            {(text || value) && (
              <ActionIcon variant="subtle" color="gray" onClick={clear} aria-label={t('admin.USERS.CLEAR_FILTER')} data-testid="users-filter-clear">
                <IconX size={16} />
              </ActionIcon>
            )}
            <ActionIcon variant="subtle" type="submit" aria-label={t('admin.USERS.SEARCH')} data-testid="users-filter-search">
              <IconSearch size={16} />
            </ActionIcon>
          </Group>
        }
      />
    </form>
  )
}
