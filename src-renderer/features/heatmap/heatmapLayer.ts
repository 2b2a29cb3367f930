import L from 'leaflet'
import { countLines, type ProjectedLines } from './heatmapRaster'

/** Share of the view drawn beyond each edge, so a drag shows lines before the redraw at its end. */
const PADDING = 0.1
/** After these the view differs: the canvas is drawn again. */
const REDRAW_EVENTS = 'moveend zoomend resize viewreset'

/**
 * Every heatmap line on one canvas, counted per pixel by {@link countLines} and coloured as that
 * many see-through strokes one over the other would be (alpha 1 − (1 − opacity)^n), so overlaps
 * build up with the same colours and contrast. Redrawn after each move or zoom; hidden while a
 * zoom animates.
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
    canvas.width = Math.round(width * ratio)
    canvas.height = Math.round(height * ratio)
    canvas.style.width = `${width}px`
    canvas.style.height = `${height}px`
    const topLeft = map.containerPointToLayerPoint([-pad.x, -pad.y])
    L.DomUtil.setPosition(canvas, topLeft)
    if (canvas.width === 0 || canvas.height === 0) return
    // World pixels of the canvas's corner at this zoom: projected × scale − origin gives canvas pixels.
    const scale = map.options.crs?.scale(map.getZoom()) ?? 256 * 2 ** map.getZoom()
    const origin = map.getPixelOrigin().add(topLeft)
    const counts = countLines(this.projected, {
      scale: scale * ratio,
      left: origin.x * ratio,
      top: origin.y * ratio,
      width: canvas.width,
      height: canvas.height,
      thickness: Math.max(1, Math.round(this.style.weight * ratio)),
    })
    const image = context.createImageData(canvas.width, canvas.height)
    const [red = 0, green = 0, blue = 0] = [1, 3, 5].map((at) => parseInt(this.style.color.slice(at, at + 2), 16))
    const alphas = Array.from({ length: 256 }, (_, count) => Math.round(255 * (1 - (1 - this.style.opacity) ** count)))
    const pixels = image.data
    for (let pixel = 0; pixel < counts.length; pixel++) {
      const count = counts[pixel] ?? 0
      if (count === 0) continue
      pixels[4 * pixel] = red
      pixels[4 * pixel + 1] = green
      pixels[4 * pixel + 2] = blue
      pixels[4 * pixel + 3] = alphas[count] ?? 255
    }
    context.putImageData(image, 0, 0)
  }
}
