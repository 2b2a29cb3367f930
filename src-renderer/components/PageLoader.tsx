import { Center, Loader } from '@mantine/core'
import { useTranslation } from 'react-i18next'

/** The loader shown while something loads; `fullPage` centres it in the window. */
export function PageLoader({ fullPage = false }: { fullPage?: boolean }) {
  const { t } = useTranslation()
  return (
    <Center h={fullPage ? '100vh' : 240} role="status" aria-label={t('common.LOADING')}>
      <Loader type="dots" size="lg" />
    </Center>
  )
}
