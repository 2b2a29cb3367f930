import 'dayjs/locale/de'
import 'dayjs/locale/fr'
import { MantineProvider } from '@mantine/core'
import { DatesProvider } from '@mantine/dates'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { theme } from '../theme'

/** Theme (light/dark from the OS) and date pickers in the interface language. */
export function Providers({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation()
  return (
    <MantineProvider theme={theme} defaultColorScheme="auto">
      <DatesProvider settings={{ locale: i18n.language }}>{children}</DatesProvider>
    </MantineProvider>
  )
}
