import { Alert, List } from '@mantine/core'
import { IconAlertTriangle } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'

/** Shows translated error keys: one line as text, several as a list (multi-line server messages). */
export function ErrorBox({ keys }: { keys: readonly string[] }) {
  const { t } = useTranslation()
  if (keys.length === 0) return null
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} />} role="alert" data-testid="error-box">
      {keys.length === 1 ? (
        t(keys[0] ?? '')
      ) : (
        <List size="sm">
          {keys.map((key) => (
            <List.Item key={key}>{t(key)}</List.Item>
          ))}
        </List>
      )}
    </Alert>
  )
}
