import { IconCheck, IconX } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'

/** A yes/no cell: a tick or a grey cross, named ("Active: yes") for screen readers and tests. */
export function Tick({ value, label }: { value: boolean; label: string }) {
  const { t } = useTranslation()
  const Glyph = value ? IconCheck : IconX
  return (
    <Glyph
      size={18}
      color={value ? 'var(--mantine-color-pine-6)' : 'var(--mantine-color-gray-5)'}
      role="img"
      aria-label={t(value ? 'admin.TICK_YES' : 'admin.TICK_NO', { label })}
      data-value={String(value)}
    />
  )
}
