import { Stack, Text } from '@mantine/core'
import type { ReactNode } from 'react'

/** A figure under its name, as the phone cards show a table's cell under its column heading. */
export function Labelled({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Stack gap={0} miw={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div" data-testid={testId}>
        {children}
      </Text>
    </Stack>
  )
}
