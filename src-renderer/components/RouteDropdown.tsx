import { Menu } from '@mantine/core'
import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react'
import { useLocation } from 'react-router-dom'

/**
 * A dropdown menu that closes itself whenever the route changes (spec §1). Given the target's ref
 * as `openOnMount`, it opens once mounted, from its focused target, so closing gives focus back there.
 */
export function RouteDropdown({
  target,
  children,
  openOnMount,
}: {
  target: ReactNode
  children: ReactNode
  openOnMount?: RefObject<HTMLElement | null>
}) {
  const location = useLocation()
  // Open only for the location it was opened on: any navigation closes it.
  const [openedAt, setOpenedAt] = useState<string | null>(null)
  // Once, even when development mode runs effects twice.
  const replayed = useRef(false)
  useEffect(() => {
    if (!openOnMount || replayed.current) return
    replayed.current = true
    // The click that fetched this menu, replayed on the real target: it opens like any other click.
    openOnMount.current?.focus()
    openOnMount.current?.click()
  }, [openOnMount])
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
