import { AppShell, Container } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import { useEffect, type ReactNode } from 'react'
import { useLocation } from 'react-router-dom'
import { ScrollToTop } from '../components/ScrollToTop'
import { Footer } from './Footer'
import { MobileMenu } from './MobileMenu'
import { NavBar } from './NavBar'

/** Header, phone menu, page area, footer and the scroll-to-top button around every page. */
export function Layout({ children }: { children: ReactNode }) {
  const [menuOpened, menu] = useDisclosure(false)
  const location = useLocation()

  useEffect(() => {
    menu.close()
    // Only the route matters here; `menu` handlers are stable.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.pathname])

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 280, breakpoint: 'md', collapsed: { mobile: !menuOpened, desktop: true } }}
      padding={0}
    >
      <AppShell.Header className="waymark-header">
        <NavBar menuOpened={menuOpened} onToggleMenu={menu.toggle} />
      </AppShell.Header>
      <AppShell.Navbar p="sm" hiddenFrom="md">
        <MobileMenu />
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
