import { Box, Container } from '@mantine/core'
import { lazy, Suspense, useState, type ReactNode } from 'react'
import { useLocation } from 'react-router-dom'
import { ScrollToTop } from '../components/ScrollToTop'
import { Footer } from './Footer'
import { NavBar } from './NavBar'

/** The phone menu (Mantine nav links, collapses) is fetched when first opened. */
const MobileMenu = lazy(() => import('./MobileMenu').then((module) => ({ default: module.MobileMenu })))

/** Header, phone menu, page area, footer and the scroll-to-top button around every page. */
export function Layout({ children }: { children: ReactNode }) {
  const location = useLocation()
  // The phone menu belongs to the page it was opened on: navigating closes it.
  const [openedAt, setOpenedAt] = useState<string | null>(null)
  const menuOpened = openedAt === location.key
  const toggleMenu = () => setOpenedAt(menuOpened ? null : location.key)

  // Plain fixed header and phone panel rather than Mantine's AppShell, whose resizable sidebars
  // and scroll-lock library would weigh on every first load (the header is 60 px, app.css).
  return (
    <>
      <header className="waymark-header">
        <NavBar menuOpened={menuOpened} onToggleMenu={toggleMenu} />
      </header>
      {/* Mounted only while open. */}
      {menuOpened && (
        <Box component="nav" hiddenFrom="lg" p="sm" className="waymark-phone-menu">
          <Suspense fallback={null}>
            <MobileMenu />
          </Suspense>
        </Box>
      )}
      <main className="waymark-main">
        <Container size="lg" py="xl" px="md" mih="calc(100vh - 140px)">
          {children}
        </Container>
        <Footer />
        <ScrollToTop />
      </main>
    </>
  )
}
