import { Group, List, Progress, Stack, Text } from '@mantine/core'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { estimateStrength, strengthLabel, type StrengthResult } from './passwordStrength'

const COLORS = { WEAK: 'red', AVERAGE: 'orange', GOOD: 'yellow', STRONG: 'pine' } as const

/** The strength meter under a new password: bar, label (weak…strong) and suggestions. */
export function PasswordStrength({ password, userInputs = [] }: { password: string; userInputs?: string[] }) {
  const { t } = useTranslation()
  const [result, setResult] = useState<StrengthResult | null>(null)
  const inputsKey = userInputs.join('\n')

  useEffect(() => {
    if (!password) return
    let current = true
    // A short pause so typing does not score every keystroke.
    const timer = setTimeout(() => {
      void estimateStrength(password, inputsKey ? inputsKey.split('\n') : []).then((value) => {
        if (current) setResult(value)
      })
    }, 150)
    return () => {
      current = false
      clearTimeout(timer)
    }
  }, [password, inputsKey])

  if (!password || !result) return null
  const label = strengthLabel(result.score)
  const hints = [
    ...(result.warning ? [t(`user.PASSWORD_STRENGTH.WARNINGS.${result.warning}`, { defaultValue: '' })] : []),
    ...result.suggestions.map((key) => t(`user.PASSWORD_STRENGTH.SUGGESTIONS.${key}`, { defaultValue: '' })),
  ].filter((hint) => hint !== '')

  return (
    <Stack gap={4} data-testid="password-strength" data-score={result.score}>
      <Progress value={((result.score + 1) / 5) * 100} color={COLORS[label]} size="sm" aria-hidden />
      <Group gap={6}>
        <Text size="sm" c="dimmed">
          {t('user.PASSWORD_STRENGTH.LABEL')}
        </Text>
        <Text size="sm" fw={600} c={COLORS[label]} data-testid="password-strength-label">
          {t(`user.PASSWORD_STRENGTH.${label}`)}
        </Text>
      </Group>
      {hints.length > 0 && (
        <List size="xs" c="dimmed">
          {hints.map((hint) => (
            <List.Item key={hint}>{hint}</List.Item>
          ))}
        </List>
      )}
    </Stack>
  )
}
