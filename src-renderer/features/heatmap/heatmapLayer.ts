import L from 'leaflet'
import { canvasAround, rasterView, type LineStyle } from './heatmapRaster'
import type { HeatmapData } from './heatmapWorker'
/** After these the view differs: the canvas is drawn again. */
const REDRAW_EVENTS = 'moveend zoomend resize viewreset'

/**
 * Every heatmap line on one canvas: the worker counts them per pixel and colours the counts
 * (see `countLines`, `paintCounts`); the picture it hands back is shown as it is, without a copy.
 * Redrawn after each move or zoom; hidden while a zoom animates and until the new zoom's picture
 * is in, so a picture of another scale never shows.
 */
export class HeatmapLayer extends L.Layer {
  private map: L.Map | null = null
  private canvas: HTMLCanvasElement | null = null
  /** The latest picture asked for, and the latest shown (a later one may come back first). */
  private asked = 0
  private shown = 0

  constructor(
    private readonly data: HeatmapData,
    private readonly style: LineStyle,
    /** Called each time a picture is on the canvas. */
    private readonly onDrawn: () => void,
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
    if (!map || !canvas) return
    const size = map.getSize()
    const { marginX, marginY, width, height } = canvasAround(size.x, size.y)
    const zoom = map.getZoom()
    // Where the canvas's corner sits in the map's panes, which move with the map: a picture
    // placed there stays right after a drag, until the zoom changes.
    const topLeft = map.containerPointToLayerPoint([-marginX, -marginY])
    if (String(zoom) !== canvas.dataset.zoom) canvas.style.visibility = 'hidden'
    // World pixels of the canvas's corner at this zoom: projected × scale − corner gives canvas pixels.
    const corner = map.getPixelOrigin().add(topLeft)
    const view = rasterView({ zoom, left: corner.x, top: corner.y, width, height }, window.devicePixelRatio || 1)
    const asked = ++this.asked
    void this.data.draw(view, this.style).then((picture) => {
      // Removed meanwhile, a later picture already shown, or drawn at a zoom the map has left.
      if (this.canvas !== canvas || asked < this.shown || zoom !== this.map?.getZoom()) {
        picture?.close()
        return
      }
      this.shown = asked
      canvas.width = view.width
      canvas.height = view.height
      canvas.style.width = `${width}px`
      canvas.style.height = `${height}px`
      canvas.dataset.zoom = String(zoom)
      canvas.style.visibility = ''
      L.DomUtil.setPosition(canvas, topLeft)
      if (picture) canvas.getContext('bitmaprenderer')?.transferFromImageBitmap(picture)
      this.onDrawn()
    })
  }
}
