import 'leaflet/dist/leaflet.css'
import L from 'leaflet'
import { useEffect, useEffectEvent, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import type { PrivacyZoneItem } from '../../../src/contracts'
import { baseMap } from '../../components/baseMap'
import mapClasses from '../workout/WorkoutMap.module.css'

const ZONE_COLOR = '#e03131'
const DRAFT_COLOR = '#1c7ed6'

export interface ZoneDraft {
  latitude: number
  longitude: number
  radius: number
}

/**
 * The user's privacy zones as circles of their radius on a Leaflet map (tiles as on the workout
 * map), and the zone being added; a click on the map hands its point to `onPick`. The typed fields
 * stay the keyboard and screen-reader way to place a zone.
 */
export function PrivacyZonesMap({
  zones,
  draft,
  onPick,
  tileUrl,
  attribution,
}: {
  zones: PrivacyZoneItem[]
  draft: ZoneDraft | null
  onPick: (latitude: number, longitude: number) => void
  tileUrl: string | null
  attribution: string
}) {
  const { t } = useTranslation()
  const elementRef = useRef<HTMLDivElement>(null)
  const mapRef = useRef<L.Map | null>(null)
  // SVG rather than the app's canvas: a few circles, each a path tests and tools can find.
  const rendererRef = useRef<L.Renderer | null>(null)
  const pick = useEffectEvent(onPick)
  // The zones when the map is built: it starts on them (later changes keep the user's view).
  const startZones = useEffectEvent(() => zones)

  useEffect(() => {
    const element = elementRef.current
    if (!element) return
    const map = baseMap(element, { zoomSnap: 0.25, tileUrl, attribution }, t)
    const first = startZones()
    if (first.length > 0) {
      const bounds = L.latLngBounds([])
      for (const zone of first) bounds.extend(L.latLng(zone.latitude, zone.longitude).toBounds(zone.radius * 2))
      map.fitBounds(bounds, { padding: [20, 20], maxZoom: 16, animate: false })
    } else map.setView([20, 0], 2)
    map.on('click', (event: L.LeafletMouseEvent) => {
      const { lat, lng } = event.latlng.wrap()
      pick(Number(lat.toFixed(6)), Number(lng.toFixed(6)))
    })
    rendererRef.current = L.svg()
    mapRef.current = map
    return () => {
      mapRef.current = null
      rendererRef.current = null
      map.remove()
    }
  }, [tileUrl, attribution, t])

  useEffect(() => {
    const map = mapRef.current
    const renderer = rendererRef.current
    if (!map || !renderer) return
    const style = { renderer, weight: 2, fillOpacity: 0.2, interactive: false }
    const circles = zones.map((zone) =>
      L.circle([zone.latitude, zone.longitude], { ...style, radius: zone.radius, color: ZONE_COLOR, className: 'waymark-privacy-zone' }).addTo(map),
    )
    if (draft) {
      circles.push(
        L.circle([draft.latitude, draft.longitude], { ...style, radius: draft.radius, color: DRAFT_COLOR, dashArray: '6 4', className: 'waymark-privacy-zone-draft' }).addTo(map),
      )
    }
    return () => {
      for (const circle of circles) circle.remove()
    }
  }, [zones, draft])

  return (
    <div className={mapClasses.frame} data-testid="privacy-zones-map">
      <div ref={elementRef} className={mapClasses.map} role="region" aria-label={t('sharing.ZONES.MAP_LABEL')} />
      {!tileUrl && (
        <div className={mapClasses.tilesOff} data-testid="map-tiles-off">
          {t('workouts.MAP.TILES_OFF')}
        </div>
      )}
    </div>
  )
}
