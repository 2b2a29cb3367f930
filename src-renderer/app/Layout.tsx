import { AppShell, Container } from '@mantine/core'
import { useState, type ReactNode } from 'react'
import { useLocation } from 'react-router-dom'
import { ScrollToTop } from '../components/ScrollToTop'
import { Footer } from './Footer'
import { MobileMenu } from './MobileMenu'
import { NavBar } from './NavBar'

/** Header, phone menu, page area, footer and the scroll-to-top button around every page. */
export function Layout({ children }: { children: ReactNode }) {
  const location = useLocation()
  // The phone menu belongs to the page it was opened on: navigating closes it.
  const [openedAt, setOpenedAt] = useState<string | null>(null)
  const menuOpened = openedAt === location.key
  const toggleMenu = () => setOpenedAt(menuOpened ? null : location.key)

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 280, breakpoint: 'md', collapsed: { mobile: !menuOpened, desktop: true } }}
      padding={0}
    >
      <AppShell.Header className="waymark-header">
        <NavBar menuOpened={menuOpened} onToggleMenu={toggleMenu} />
      </AppShell.Header>
      <AppShell.Navbar p="sm" hiddenFrom="md">
        {/* Mounted only while open: a collapsed navbar merely slides off-screen. */}
        {menuOpened && <MobileMenu />}
      </AppShell.Navbar>
      <AppShell.Main>
        <Container size="lg" py="xl" px="md" mih="calc(100vh - 140px)">
          {children}
        </Container>
        <Footer />
        <ScrollToTop />
      </AppShell.Main>
    </AppShell>
  )
}
