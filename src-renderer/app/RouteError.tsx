import { Button, Center, Stack, Text, Title } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { isRouteErrorResponse, useRouteError } from 'react-router-dom'

/** The kind of failure a route error is, to pick its message. */
export function routeErrorKind(error: unknown): 'chunk' | 'css' | 'notFound' | 'other' {
  if (isRouteErrorResponse(error) && error.status === 404) return 'notFound'
  const message = error instanceof Error ? error.message : String(error)
  if (/Unable to preload CSS/i.test(message)) return 'css'
  if (/dynamically imported module|Importing a module script failed|Failed to fetch/i.test(message)) return 'chunk'
  return 'other'
}

/** Shown when a page fails to load or render: a lost script or style chunk, or a bug. */
export function RouteError() {
  const { t } = useTranslation()
  const error = useRouteError()
  const kind = routeErrorKind(error)
  if (kind === 'other') console.error(error)
  const message = {
    chunk: t('common.CHUNK_LOAD_ERROR'),
    css: t('common.CSS_LOAD_ERROR'),
    notFound: t('common.PAGE_NOT_FOUND'),
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
