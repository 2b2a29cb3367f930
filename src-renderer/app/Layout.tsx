import { Box, Container } from '@mantine/core'
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
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
  const toggle = useRef<HTMLButtonElement>(null)
  const { t } = useTranslation()

  // Escape closes the phone menu and gives the focus back to its toggle (WAI-ARIA disclosure).
  useEffect(() => {
    if (!menuOpened) return
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      setOpenedAt(null)
      toggle.current?.focus()
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [menuOpened])

  // Plain fixed header and phone panel rather than Mantine's AppShell, whose resizable sidebars
  // and scroll-lock library would weigh on every first load (the header is 60 px, app.css).
  return (
    <>
      {/* First in the tab order: keyboard users skip the header's links (WCAG 2.4.1). */}
      <a
        href="#content"
        className="waymark-skip-link"
        data-testid="skip-link"
        onClick={(event) => {
          // Moves the focus itself: following the fragment alone leaves it on the link in some browsers.
          event.preventDefault()
          document.getElementById('content')?.focus()
        }}
      >
        {t('common.SKIP_TO_CONTENT')}
      </a>
      <header className="waymark-header">
        <NavBar menuOpened={menuOpened} onToggleMenu={toggleMenu} toggleRef={toggle} />
      </header>
      {/* Mounted only while open. */}
      {menuOpened && (
        <Box component="nav" hiddenFrom="md" p="sm" className="waymark-phone-menu" id="phone-menu">
          <Suspense fallback={null}>
            <MobileMenu />
          </Suspense>
        </Box>
      )}
      <main className="waymark-main" id="content" tabIndex={-1}>
        <Container size="lg" py="xl" px="md" mih="calc(100vh - 140px)">
          {children}
        </Container>
        <Footer />
        <ScrollToTop />
      </main>
    </>
  )
}
