import { Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'

/** Says inline why Submit is disabled; the button points at it with `aria-describedby`. */
export function MissingHint({ id, messageKey }: { id: string; messageKey: string | null }) {
  const { t } = useTranslation()
  if (!messageKey) return null
  return (
    <Text id={id} size="sm" c="dimmed" data-testid="submit-hint" aria-live="polite">
      {t(messageKey)}
    </Text>
  )
}
