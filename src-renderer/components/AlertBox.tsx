import { Alert } from '@mantine/core'
import { IconCircleCheck, IconInfoCircle } from '@tabler/icons-react'
import type { ReactNode } from 'react'

/** A non-error notice: information (default), warning or success. */
export function AlertBox({ kind = 'info', children }: { kind?: 'info' | 'warning' | 'success'; children: ReactNode }) {
  const color = kind === 'warning' ? 'ember' : kind === 'success' ? 'pine' : 'blue'
  const icon = kind === 'success' ? <IconCircleCheck size={20} /> : <IconInfoCircle size={20} />
  return (
    <Alert color={color} variant="light" icon={icon} role={kind === 'info' ? 'note' : 'status'} data-testid={`alert-${kind}`}>
      {children}
    </Alert>
  )
}
