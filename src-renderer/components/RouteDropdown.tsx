import { Menu } from '@mantine/core'
import { useState, type ReactNode } from 'react'
import { useLocation } from 'react-router-dom'

/** A dropdown menu that closes itself whenever the route changes (spec §1). */
export function RouteDropdown({ target, children }: { target: ReactNode; children: ReactNode }) {
  const location = useLocation()
  // Open only for the location it was opened on: any navigation closes it.
  const [openedAt, setOpenedAt] = useState<string | null>(null)
  return (
    <Menu
      opened={openedAt === location.key}
      onChange={(opened) => setOpenedAt(opened ? location.key : null)}
      position="bottom-end"
      withArrow
      shadow="md"
    >
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown>{children}</Menu.Dropdown>
    </Menu>
  )
}
