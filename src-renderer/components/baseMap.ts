import type { TFunction } from 'i18next'
import L from 'leaflet'

export interface BaseMapOptions {
  zoomSnap: number
  /** Tiles through the app's server, or null when the administrator turned them off. */
  tileUrl: string | null
  attribution: string
}

/**
 * A Leaflet map as the app draws them (workout and heatmap): on canvas, zoom buttons named in the
 * user's language (Leaflet's own are "Zoom in"/"Zoom out" in every language), the attribution
 * without Leaflet's prefix, tiles when on.
 */
export function baseMap(element: HTMLElement, { zoomSnap, tileUrl, attribution }: BaseMapOptions, t: TFunction): L.Map {
  // Canvas draws a long line faster than SVG and keeps the DOM small.
  const map = L.map(element, { preferCanvas: true, attributionControl: false, zoomControl: false, zoomSnap })
  L.control.zoom({ zoomInTitle: t('workouts.MAP.ZOOM_IN'), zoomOutTitle: t('workouts.MAP.ZOOM_OUT') }).addTo(map)
  L.control.attribution({ prefix: false }).addTo(map)
  if (tileUrl) L.tileLayer(tileUrl, { attribution, maxZoom: 18, crossOrigin: false }).addTo(map)
  else if (attribution) map.attributionControl.addAttribution(attribution)
  return map
}
