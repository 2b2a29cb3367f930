import 'leaflet/dist/leaflet.css'
import { useComputedColorScheme } from '@mantine/core'
import type L from 'leaflet'
import { useEffect, useEffectEvent, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { baseMap } from '../../components/baseMap'
import mapClasses from '../workout/WorkoutMap.module.css'
import classes from './HeatmapPage.module.css'
import { HeatmapLayer } from './heatmapLayer'
import { FIT, LINE_STYLES } from './heatmapRaster'
import type { HeatmapData } from './heatmapWorker'

declare module 'leaflet' {
  interface ZoomPanOptions {
    /** Leaflet 1.9's own option (missing from its types): set the view afresh, never as a pan of the current one. */
    reset?: boolean
  }
}

/**
 * Every line on one Leaflet map, fitted to them all, drawn by {@link HeatmapLayer} (one canvas
 * where overlaps add up); tiles through the app's server, or the plain background when they are
 * off. The map shows at once, the lines once their answer is read (`data`).
 */
export function HeatmapMap({
  data,
  tileUrl,
  attribution,
  onDrawn,
}: {
  data: HeatmapData | null
  tileUrl: string | null
  attribution: string
  /** Called each time a picture of the lines is on the map. */
  onDrawn: () => void
}) {
  const { t } = useTranslation()
  const scheme = useComputedColorScheme('light')
  const elementRef = useRef<HTMLDivElement>(null)
  const mapRef = useRef<L.Map | null>(null)
  const layerRef = useRef<L.Layer | null>(null)
  const drawn = useEffectEvent(onDrawn)

  useEffect(() => {
    const element = elementRef.current
    if (!element) return
    const map = baseMap(element, { zoomSnap: FIT.zoomSnap, tileUrl, attribution }, t)
    map.setView([0, 0], 1)
    mapRef.current = map
    return () => {
      mapRef.current = null
      layerRef.current = null
      map.remove()
    }
  }, [tileUrl, attribution, t])

  useEffect(() => {
    const map = mapRef.current
    if (!map || !data) return
    layerRef.current?.remove()
    // For tests and tools (the canvas itself says nothing): how many lines the canvas shows.
    const layer = new HeatmapLayer(data, LINE_STYLES[scheme], () => {
      map.getContainer().dataset.lines = String(data.lines)
      drawn()
    })
    // Fitted first without animation, so the lines are drawn once, at their final zoom: the
    // worker's fitted view (its picture is drawn already) when the map has the expected size.
    const size = map.getSize()
    const { fitted } = data
    if (fitted && fitted.width === size.x && fitted.height === size.y) map.setView([...fitted.center], fitted.zoom, { reset: true })
    else if (data.bounds) {
      const [south, west, north, east] = data.bounds
      map.fitBounds(
        [
          [south, west],
          [north, east],
        ],
        { padding: [FIT.padding, FIT.padding], maxZoom: FIT.maxZoom, animate: false },
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
