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
    let atBottom = false
    // Only offer the button on pages long enough to scroll, checked again whenever the page's height
    // changes: a short page reached from the bottom of a long one keeps the marker in view.
    const update = () => {
      const show = atBottom && document.documentElement.scrollHeight > window.innerHeight + 40
      setVisible(show)
      if (show) setNeeded(true)
    }
    const observer = new IntersectionObserver((entries) => {
      atBottom = Boolean(entries[0]?.isIntersecting)
      update()
    })
    observer.observe(element)
    const resizes = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update)
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
