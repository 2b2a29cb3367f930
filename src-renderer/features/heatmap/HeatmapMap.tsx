import 'leaflet/dist/leaflet.css'
import { useComputedColorScheme } from '@mantine/core'
import L from 'leaflet'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import mapClasses from '../workout/WorkoutMap.module.css'
import classes from './HeatmapPage.module.css'
import { HeatmapLayer } from './heatmapLayer'
import type { HeatmapData } from './heatmapWorker'

/**
 * Light and dark line colours: see-through, so where routes overlap the colour builds up (the
 * "heat"). Even a single line keeps 3:1 against the plain background (WCAG non-text contrast:
 * 3.0:1 on gray-1, 3.6:1 on dark-6, computed from the blended colours).
 */
const LINE = { light: { color: '#a61e4d', opacity: 0.6 }, dark: { color: '#ffa94d', opacity: 0.6 } }

/**
 * Every line on one Leaflet map, fitted to them all, drawn by {@link HeatmapLayer} (one canvas
 * where overlaps add up); tiles through the app's server, or the plain background when they are
 * off. The map shows at once, the lines once their answer is read (`data`).
 */
export function HeatmapMap({ data, tileUrl, attribution }: { data: HeatmapData | null; tileUrl: string | null; attribution: string }) {
  const { t } = useTranslation()
  const scheme = useComputedColorScheme('light')
  const elementRef = useRef<HTMLDivElement>(null)
  const mapRef = useRef<L.Map | null>(null)
  const layerRef = useRef<L.Layer | null>(null)

  useEffect(() => {
    const element = elementRef.current
    if (!element) return
    const map = L.map(element, { preferCanvas: true, attributionControl: false, zoomSnap: 0.25 })
    L.control.attribution({ prefix: false }).addTo(map)
    if (tileUrl) L.tileLayer(tileUrl, { attribution, maxZoom: 18, crossOrigin: false }).addTo(map)
    else if (attribution) map.attributionControl.addAttribution(attribution)
    map.setView([0, 0], 1)
    mapRef.current = map
    return () => {
      mapRef.current = null
      layerRef.current = null
      map.remove()
    }
  }, [tileUrl, attribution])

  useEffect(() => {
    const map = mapRef.current
    if (!map || !data) return
    layerRef.current?.remove()
    // For tests and tools (the canvas itself says nothing): how many lines the canvas shows.
    const layer = new HeatmapLayer(data, { ...LINE[scheme], weight: 2 }, () => (map.getContainer().dataset.lines = String(data.lines)))
    // Fitted first without animation, so the lines are drawn once, at their final zoom.
    if (data.bounds) {
      const [south, west, north, east] = data.bounds
      map.fitBounds(
        [
          [south, west],
          [north, east],
        ],
        { padding: [20, 20], maxZoom: 15, animate: false },
      )
    }
    layer.addTo(map)
    layerRef.current = layer
  }, [data, scheme, tileUrl, attribution])

  return (
    <div className={classes.frame} data-testid="heatmap-map">
      <div ref={elementRef} className={mapClasses.map} role="region" aria-label={t('insights.HEATMAP.MAP_LABEL')} />
      {!tileUrl && (
        <div className={mapClasses.tilesOff} data-testid="map-tiles-off">
          {t('workouts.MAP.TILES_OFF')}
        </div>
      )}
    </div>
  )
}
