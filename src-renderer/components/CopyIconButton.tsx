import { ActionIcon, CopyButton, Tooltip } from '@mantine/core'
import { IconCheck, IconCopy } from '@tabler/icons-react'

/** An icon button copying `value` to the clipboard; its tooltip says when it is done. */
export function CopyIconButton({ value, label, copiedLabel, testId }: { value: string; label: string; copiedLabel: string; testId?: string }) {
  return (
    <CopyButton value={value}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? copiedLabel : label}>
          <ActionIcon variant="subtle" onClick={copy} aria-label={label} data-testid={testId}>
            {copied ? <IconCheck size={18} /> : <IconCopy size={18} />}
          </ActionIcon>
        </Tooltip>
      )}
    </CopyButton>
  )
}
