import { Menu } from '@mantine/core'
import { useEffect, useState, type ReactNode } from 'react'
import { useLocation } from 'react-router-dom'

/** A dropdown menu that closes itself whenever the route changes (spec §1). */
export function RouteDropdown({ target, children }: { target: ReactNode; children: ReactNode }) {
  const [opened, setOpened] = useState(false)
  const location = useLocation()
  useEffect(() => {
    setOpened(false)
  }, [location.pathname, location.search])
  return (
    <Menu opened={opened} onChange={setOpened} position="bottom-end" withArrow shadow="md">
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown>{children}</Menu.Dropdown>
    </Menu>
  )
}
