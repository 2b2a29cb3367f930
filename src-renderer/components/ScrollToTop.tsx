import { ActionIcon, Affix, Transition } from '@mantine/core'
import { IconArrowUp } from '@tabler/icons-react'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'

/** How long the button stays after a click before hiding (spec §9). */
export const HIDE_DELAY_MS = 300

/**
 * A marker at the bottom of the page and a button that appears while the marker is visible;
 * the button scrolls to the top and hides 300 ms after the click.
 */
export function ScrollToTop() {
  const { t } = useTranslation()
  const marker = useRef<HTMLDivElement>(null)
  const [visible, setVisible] = useState(false)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)

  useEffect(() => {
    const element = marker.current
    if (!element || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver((entries) => {
      // Only offer the button on pages long enough to scroll.
      const scrollable = document.documentElement.scrollHeight > window.innerHeight + 40
      setVisible(Boolean(entries[0]?.isIntersecting) && scrollable)
    })
    observer.observe(element)
    return () => {
      observer.disconnect()
      clearTimeout(timer.current)
    }
  }, [])

  const scrollUp = () => {
    window.scrollTo({ top: 0, behavior: 'smooth' })
    clearTimeout(timer.current)
    timer.current = setTimeout(() => setVisible(false), HIDE_DELAY_MS)
  }

  return (
    <>
      <div ref={marker} data-testid="bottom-marker" style={{ height: 1 }} />
      <Affix position={{ bottom: 20, right: 20 }}>
        <Transition transition="slide-up" mounted={visible}>
          {(styles) => (
            <ActionIcon
              style={styles}
              size="xl"
              radius="xl"
              color="ember"
              variant="filled"
              onClick={scrollUp}
              aria-label={t('common.SCROLL_TO_TOP')}
              data-testid="scroll-to-top"
            >
              <IconArrowUp size={22} />
            </ActionIcon>
          )}
        </Transition>
      </Affix>
    </>
  )
}
