import 'leaflet/dist/leaflet.css'
import { ActionIcon, Box, Tooltip } from '@mantine/core'
import { IconMaximize, IconMinimize } from '@tabler/icons-react'
import L from 'leaflet'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { baseMap } from '../../components/baseMap'
import classes from './WorkoutMap.module.css'

const TRACK_COLOR = '#1c7ed6'
const START_COLOR = '#2f9e44'
const END_COLOR = '#e03131'
const HOVER_COLOR = '#ea6d18'

/**
 * The workout's track on a Leaflet map: fitted to the track, start and end marked, the chart's
 * hovered point shown, full-screen on demand. Tiles come through the app's server; when they are
 * off or fail, the plain background still shows the track.
 */
export function WorkoutMap({
  lines,
  tileUrl,
  attribution,
  hoverPosition,
}: {
  lines: [number, number][][]
  tileUrl: string | null
  attribution: string
  hoverPosition: [number, number] | null
}) {
  const { t } = useTranslation()
  const frameRef = useRef<HTMLDivElement>(null)
  const mapElementRef = useRef<HTMLDivElement>(null)
  const mapRef = useRef<L.Map | null>(null)
  const hoverRef = useRef<L.CircleMarker | null>(null)
  const [fullScreen, setFullScreen] = useState(false)

  useEffect(() => {
    const element = mapElementRef.current
    if (!element) return
    const map = baseMap(element, { zoomSnap: 0.25, tileUrl, attribution }, t)
    const drawn = lines.filter((line) => line.length > 0)
    for (const line of drawn) L.polyline(line, { color: TRACK_COLOR, weight: 4, opacity: 0.9 }).addTo(map)
    const first = drawn[0]?.[0]
    const lastLine = drawn[drawn.length - 1]
    const last = lastLine?.[lastLine.length - 1]
    const marker = (position: [number, number], color: string, testId: string) =>
      L.circleMarker(position, { radius: 7, color: '#fff', weight: 2, fillColor: color, fillOpacity: 1, className: testId }).addTo(map)
    if (last) marker(last, END_COLOR, 'waymark-end-marker')
    if (first) marker(first, START_COLOR, 'waymark-start-marker')
    const all = drawn.flat()
    if (all.length > 0) map.fitBounds(L.latLngBounds(all), { padding: [20, 20], maxZoom: 17 })
    else map.setView([0, 0], 1)
    mapRef.current = map
    return () => {
      hoverRef.current = null
      mapRef.current = null
      map.remove()
    }
  }, [lines, tileUrl, attribution, t])

  useEffect(() => {
    const map = mapRef.current
    if (!map) return
    if (!hoverPosition) {
      frameRef.current?.removeAttribute('data-hover')
      hoverRef.current?.remove()
      hoverRef.current = null
      return
    }
    if (hoverRef.current) hoverRef.current.setLatLng(hoverPosition)
    else {
      hoverRef.current = L.circleMarker(hoverPosition, {
        radius: 6,
        color: '#fff',
        weight: 2,
        fillColor: HOVER_COLOR,
        fillOpacity: 1,
        interactive: false,
      }).addTo(map)
    }
    // The marker is drawn on the canvas; its position is mirrored here for tests and tools.
    frameRef.current?.setAttribute('data-hover', hoverPosition.join(','))
  }, [hoverPosition])

  // The real Fullscreen API where the browser has it, a fixed overlay otherwise (iOS Safari).
  useEffect(() => {
    const onChange = () => {
      if (!document.fullscreenElement) setFullScreen(false)
    }
    document.addEventListener('fullscreenchange', onChange)
    return () => document.removeEventListener('fullscreenchange', onChange)
  }, [])

  useEffect(() => {
    mapRef.current?.invalidateSize()
  }, [fullScreen])

  const toggleFullScreen = async () => {
    const frame = frameRef.current
    if (!frame) return
    if (fullScreen) {
      if (document.fullscreenElement) await document.exitFullscreen().catch(() => undefined)
      setFullScreen(false)
      return
    }
    if (typeof frame.requestFullscreen === 'function') await frame.requestFullscreen().catch(() => undefined)
    setFullScreen(true)
  }

  const label = fullScreen ? t('workouts.MAP.EXIT_FULL_SCREEN') : t('workouts.MAP.FULL_SCREEN')
  return (
    <Box ref={frameRef} className={classes.frame} data-full-screen={fullScreen || undefined} data-testid="workout-map">
      <div ref={mapElementRef} className={classes.map} role="region" aria-label={t('workouts.MAP.LABEL')} />
      {/* Without tiles the track is drawn on a plain background: say why, discreetly. */}
      {!tileUrl && (
        <div className={classes.tilesOff} data-testid="map-tiles-off">
          {t('workouts.MAP.TILES_OFF')}
        </div>
      )}
      <Tooltip label={label}>
        <ActionIcon
          className={classes.fullScreenButton}
          variant="default"
          size="lg"
          aria-label={label}
          data-testid="map-full-screen"
          onClick={() => void toggleFullScreen()}
        >
          {fullScreen ? <IconMinimize size={18} /> : <IconMaximize size={18} />}
        </ActionIcon>
      </Tooltip>
    </Box>
  )
}
