import { Button, Center, Stack, Text, Title } from '@mantine/core'
import { Component, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

/** The kind of failure a page error is, to pick its message. */
function routeErrorKind(error: unknown): 'chunk' | 'css' | 'other' {
  const message = error instanceof Error ? error.message : String(error)
  if (/Unable to preload CSS/i.test(message)) return 'css'
  if (/dynamically imported module|Importing a module script failed|Failed to fetch/i.test(message)) return 'chunk'
  return 'other'
}

/** Shown when a page fails to load or render: a lost script or style chunk, or a bug. */
function RouteError({ error }: { error: unknown }) {
  const { t } = useTranslation()
  const kind = routeErrorKind(error)
  const message = {
    chunk: t('common.CHUNK_LOAD_ERROR'),
    css: t('common.CSS_LOAD_ERROR'),
    other: t('common.SOMETHING_WENT_WRONG'),
  }[kind]
  return (
    <Center mih="60vh" p="md">
      <Stack align="center" ta="center" data-testid="route-error">
        <Title order={2}>{message}</Title>
        <Text c="dimmed">{t('common.ERROR_TRY_AGAIN')}</Text>
        <Button onClick={() => window.location.reload()}>{t('common.TRY_AGAIN')}</Button>
      </Stack>
    </Center>
  )
}

/**
 * Catches what a page throws while loading its chunk or rendering, and shows {@link RouteError} in
 * the layout instead; the root keys it by address, so moving to another page starts afresh.
 */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: null }

  static getDerivedStateFromError(error: unknown): { error: unknown } {
    return { error }
  }

  override componentDidCatch(error: unknown): void {
    if (routeErrorKind(error) === 'other') console.error(error)
  }

  override render(): ReactNode {
    return this.state.error === null ? this.props.children : <RouteError error={this.state.error} />
  }
}
