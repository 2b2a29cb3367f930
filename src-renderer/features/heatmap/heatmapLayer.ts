import L from 'leaflet'
import type { LatLon } from '../../../src/domain/analysis'

/** Leaflet's Web Mercator latitude limit (beyond it the projection runs to infinity). */
const MAX_LATITUDE = 85.0511287798
/** Share of the view drawn beyond each edge, so a drag shows lines before the redraw at its end. */
const PADDING = 0.1
/** After these the view differs: the canvas is drawn again. */
const REDRAW_EVENTS = 'moveend zoomend resize viewreset'

/** Lines projected once, in Web Mercator units (the world 1 wide; × the CRS scale of a zoom gives Leaflet's pixels). */
export interface ProjectedLines {
  /** Per line: x, y, x, y… */
  readonly lines: readonly Float64Array[]
  /** Per line: its box, minX, minY, maxX, maxY. */
  readonly boxes: Float64Array
  /** Every point's box in degrees, for fitting the map; null without points. */
  readonly bounds: L.LatLngBounds | null
}

/** Projects every point once, so a redraw only scales and shifts (no per-point objects). */
export function projectLines(lines: readonly LatLon[][]): ProjectedLines {
  const boxes = new Float64Array(lines.length * 4)
  let [south, west, north, east] = [Infinity, Infinity, -Infinity, -Infinity]
  const projected = lines.map((line, index) => {
    const xy = new Float64Array(line.length * 2)
    let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity]
    line.forEach(([lat, lon], i) => {
      const sin = Math.sin((Math.max(-MAX_LATITUDE, Math.min(MAX_LATITUDE, lat)) * Math.PI) / 180)
      const x = (lon + 180) / 360
      const y = 0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)
      xy[2 * i] = x
      xy[2 * i + 1] = y
      minX = Math.min(minX, x)
      maxX = Math.max(maxX, x)
      minY = Math.min(minY, y)
      maxY = Math.max(maxY, y)
      south = Math.min(south, lat)
      north = Math.max(north, lat)
      west = Math.min(west, lon)
      east = Math.max(east, lon)
    })
    boxes.set([minX, minY, maxX, maxY], index * 4)
    return xy
  })
  return { lines: projected, boxes, bounds: south <= north ? L.latLngBounds([south, west], [north, east]) : null }
}

/**
 * Every heatmap line drawn straight onto one canvas: one stroke per line with see-through colour,
 * so overlaps build up, but no Leaflet object per line (5,000 polylines took seconds to add and
 * to re-project on each zoom). Redrawn after each move or zoom; hidden while a zoom animates.
 */
export class HeatmapLayer extends L.Layer {
  private map: L.Map | null = null
  private canvas: HTMLCanvasElement | null = null

  constructor(
    private readonly projected: ProjectedLines,
    private readonly style: { color: string; opacity: number; weight: number },
  ) {
    super()
  }

  override onAdd(map: L.Map): this {
    this.map = map
    this.canvas = L.DomUtil.create('canvas', 'leaflet-zoom-hide')
    this.canvas.style.position = 'absolute'
    map.getPanes().overlayPane.appendChild(this.canvas)
    map.on(REDRAW_EVENTS, this.draw)
    this.draw()
    return this
  }

  override onRemove(map: L.Map): this {
    map.off(REDRAW_EVENTS, this.draw)
    this.canvas?.remove()
    this.canvas = null
    this.map = null
    return this
  }

  // An arrow: Leaflet calls it as an event handler, detached from the layer.
  private readonly draw = (): void => {
    const { map, canvas } = this
    const context = canvas?.getContext('2d')
    if (!map || !canvas || !context) return
    const size = map.getSize()
    const pad = size.multiplyBy(PADDING).round()
    const width = size.x + 2 * pad.x
    const height = size.y + 2 * pad.y
    const ratio = window.devicePixelRatio || 1
    canvas.width = width * ratio
    canvas.height = height * ratio
    canvas.style.width = `${width}px`
    canvas.style.height = `${height}px`
    const topLeft = map.containerPointToLayerPoint([-pad.x, -pad.y])
    L.DomUtil.setPosition(canvas, topLeft)
    // World pixels of the canvas's corner at this zoom: projected × scale − origin gives canvas pixels.
    const scale = map.options.crs?.scale(map.getZoom()) ?? 256 * 2 ** map.getZoom()
    const origin = map.getPixelOrigin().add(topLeft)
    context.setTransform(ratio, 0, 0, ratio, 0, 0)
    context.clearRect(0, 0, width, height)
    context.strokeStyle = this.style.color
    context.globalAlpha = this.style.opacity
    context.lineWidth = this.style.weight
    context.lineJoin = 'round'
    context.lineCap = 'round'
    const { lines, boxes } = this.projected
    lines.forEach((xy, index) => {
      // Lines wholly outside the canvas cost nothing.
      const box = index * 4
      if ((boxes[box + 2] ?? 0) * scale < origin.x || (boxes[box] ?? 0) * scale > origin.x + width) return
      if ((boxes[box + 3] ?? 0) * scale < origin.y || (boxes[box + 1] ?? 0) * scale > origin.y + height) return
      context.beginPath()
      context.moveTo((xy[0] ?? 0) * scale - origin.x, (xy[1] ?? 0) * scale - origin.y)
      for (let i = 2; i < xy.length; i += 2) context.lineTo((xy[i] ?? 0) * scale - origin.x, (xy[i + 1] ?? 0) * scale - origin.y)
      context.stroke()
    })
  }
}
