import { Stack, Tabs } from '@mantine/core'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation, useNavigate } from 'react-router-dom'
import type { User } from '../../../src/contracts'
import { UserHeader } from './UserHeader'
import { preferencesOf } from './preferences'

export interface ProfileTab {
  /** Translation key of the tab name. */
  label: string
  path: string
}

/** Header card plus route-driven tabs around a profile page's content. */
export function ProfileFrame({ profile, tabs, children }: { profile: User; tabs: ProfileTab[]; children: ReactNode }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const location = useLocation()
  const current = tabs.find((tab) => tab.path === location.pathname)?.path ?? tabs[0]?.path ?? null
  return (
    <Stack>
      <UserHeader user={profile} imperial={preferencesOf(profile).imperial_units} />
      <Tabs value={current} onChange={(value) => value && void navigate(value)} variant="pills" radius="xl">
        <Tabs.List style={{ flexWrap: 'wrap' }}>
          {tabs.map((tab) => (
            <Tabs.Tab key={tab.path} value={tab.path} data-testid={`tab-${tab.path}`}>
              {t(tab.label)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {children}
    </Stack>
  )
}
