import { MantineProvider } from '@mantine/core'
import { DatesProvider } from '@mantine/dates'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useAppState } from '../session/store'
import { theme } from '../theme'

/**
 * Theme (light/dark from the OS) and date pickers in the interface language, their weeks starting
 * on the user's first day of week (Sunday unless the profile says Monday).
 */
export function Providers({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation()
  const weekm = useAppState((state) => state.profile?.weekm ?? false)
  return (
    <MantineProvider theme={theme} defaultColorScheme="auto">
      <DatesProvider settings={{ locale: i18n.language, firstDayOfWeek: weekm ? 1 : 0 }}>{children}</DatesProvider>
    </MantineProvider>
  )
}
