import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import { flushSync } from 'react-dom'
import { useTranslation } from 'react-i18next'
import { NavLink } from 'react-router-dom'
import type { NavItem } from './navItems'

/**
 * The header's main links: with their names where the names fit, as icons otherwise (the name then shows
 * on hover and keyboard focus, and stays the link's accessible name). Whether they fit is measured, not
 * guessed from the window's width: French and German names, an administrator's extra entry, the desktop
 * app's, the system's font and a scroll bar all change the room they need.
 */
export function MainLinks({ items }: { items: NavItem[] }) {
  const { t } = useTranslation()
  const slot = useRef<HTMLDivElement>(null)
  const ruler = useRef<HTMLDivElement>(null)
  const [compact, setCompact] = useState(false)
  // Escape hides the name shown on hover or focus until the pointer or the focus moves on (WCAG 1.4.13).
  const [quiet, setQuiet] = useState(false)

  // Before the first paint and on every change of either width: the slot's width does not depend on which way
  // the links are drawn (it takes what the header leaves), so the choice cannot flip back and forth.
  useLayoutEffect(() => {
    const room = slot.current
    const needed = ruler.current
    if (!room || !needed) return
    const fits = () => needed.offsetWidth <= room.clientWidth
    setCompact(!fits())
    // Drawn at once, before the resized window is painted: no frame with the links spilling over.
    const observer = new ResizeObserver(() => flushSync(() => setCompact(!fits())))
    observer.observe(room)
    observer.observe(needed)
    return () => observer.disconnect()
  }, [])

  // Wherever the focus is: a name shown on hover has no focus of its own.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setQuiet(true)
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [])

  return (
    <div
      ref={slot}
      className="waymark-main-links"
      data-compact={compact || undefined}
      data-quiet={quiet || undefined}
      data-testid="main-links"
      onPointerMove={() => setQuiet(false)}
      onFocus={() => setQuiet(false)}
    >
      {items.map((item) => (
        <NavLink key={item.to} to={item.to} end={item.end} className="waymark-nav-link">
          <item.icon size={20} aria-hidden className="waymark-nav-icon" />
          <span className="waymark-nav-label">{t(item.label)}</span>
        </NavLink>
      ))}
      {/* The names as they would be drawn, out of sight: the room they need. Drawn by CSS from an attribute,
          so the page's text (find-in-page, tests' text queries) holds each name once. */}
      <div className="waymark-main-links-ruler" aria-hidden>
        <div ref={ruler}>
          {items.map((item) => (
            <span key={item.to} className="waymark-nav-link" data-label={t(item.label)} />
          ))}
        </div>
      </div>
    </div>
  )
}
