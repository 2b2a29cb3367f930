import { lazy, Suspense, useEffect, useRef, useState } from 'react'

/** How long the button stays after a click before hiding (spec §9). */
const HIDE_DELAY_MS = 300

/** The button (Mantine's affix and transition) is fetched the first time a page is long enough to need it. */
const ScrollToTopButton = lazy(() => import('./ScrollToTopButton').then((module) => ({ default: module.ScrollToTopButton })))

/**
 * A marker at the bottom of the page and a button that appears while the marker is visible;
 * the button scrolls to the top and hides 300 ms after the click.
 */
export function ScrollToTop() {
  const marker = useRef<HTMLDivElement>(null)
  const [visible, setVisible] = useState(false)
  const [needed, setNeeded] = useState(false)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)

  useEffect(() => {
    const element = marker.current
    if (!element || typeof IntersectionObserver === 'undefined') return
    const scrollable = () => document.documentElement.scrollHeight > window.innerHeight + 40
    // Shown when the bottom comes into view on a page long enough to scroll; hidden again when the
    // page's height shrinks (a short page reached from the bottom of a long one keeps the marker in
    // view). A page growing while its bottom is in view (data arriving) does not show it: that
    // would fetch the button on every first load. The observer reports the layout of an earlier
    // frame, so the marker's place is read again now, with the page's height it is compared to.
    const inViewNow = () => element.getBoundingClientRect().top < window.innerHeight
    const observer = new IntersectionObserver((entries) => {
      const show = Boolean(entries[0]?.isIntersecting) && scrollable() && inViewNow()
      setVisible(show)
      if (show) setNeeded(true)
    })
    observer.observe(element)
    const resizes = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => {
      if (!scrollable()) setVisible(false)
    })
    resizes?.observe(document.body)
    return () => {
      observer.disconnect()
      resizes?.disconnect()
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
      {needed && (
        <Suspense fallback={null}>
          <ScrollToTopButton visible={visible} onClick={scrollUp} />
        </Suspense>
      )}
    </>
  )
}
