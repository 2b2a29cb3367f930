import type { Icon } from '@tabler/icons-react'
import { IconBackpack, IconChartBar, IconFlame, IconLayoutDashboard, IconList, IconNetwork, IconPlus, IconShield } from '@tabler/icons-react'

export interface NavItem {
  to: string
  /** Translation key of the label. */
  label: string
  icon: Icon
  /** Exact match only (the dashboard would otherwise match every path). */
  end?: boolean
}

/**
 * The logged-in navigation of spec §2 plus the heatmap (issue 17); the admin entry only for administrators, the LAN sharing
 * panel only in the desktop app.
 */
export function navItemsFor(admin: boolean, desktop = false): NavItem[] {
  const items: NavItem[] = [
    { to: '/', label: 'common.DASHBOARD', icon: IconLayoutDashboard, end: true },
    { to: '/workouts', label: 'common.WORKOUTS', icon: IconList, end: true },
    { to: '/workouts/add', label: 'common.ADD_WORKOUT', icon: IconPlus },
    { to: '/statistics', label: 'common.STATISTICS', icon: IconChartBar },
    { to: '/heatmap', label: 'common.HEATMAP', icon: IconFlame },
    // Not a sport's glyph: those live in the signed-in chunk, which the login page would then load.
    { to: '/equipment', label: 'equipment.TITLE', icon: IconBackpack },
  ]
  if (admin) items.push({ to: '/admin', label: 'common.ADMIN', icon: IconShield })
  if (desktop) items.push({ to: '/desktop', label: 'desktop.PANEL.NAV', icon: IconNetwork })
  return items
}
