import { Textarea, type TextareaProps } from '@mantine/core'

/** The `count/limit` text shown under a limited text area. */
export function counterText(value: string, limit: number): string {
  return `${value.length}/${limit}`
}

/** A text area that cannot exceed `limit` characters and shows `count/limit` below it. */
export function CountedTextarea({
  value,
  limit,
  onValueChange,
  ...props
}: Omit<TextareaProps, 'value' | 'onChange' | 'maxLength'> & {
  value: string
  limit: number
  onValueChange: (value: string) => void
}) {
  return (
    <Textarea
      {...props}
      value={value}
      maxLength={limit}
      rows={4}
      onChange={(event) => onValueChange(event.currentTarget.value.slice(0, limit))}
      description={<span data-testid="char-counter">{counterText(value, limit)}</span>}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
    />
  )
}
