import { PNG } from 'pngjs'
import { describe, expect, it } from 'vitest'
import { seededRandom } from '../../src/test-support/seeded-random'
import { encodePng } from './png'
import { createRaster, strokePolyline } from './raster'

describe('PNG encoding', () => {
  it('gives back every pixel of the raster when decoded by another library', () => {
    const random = seededRandom(7)
    const raster = createRaster(400, 225, [0xe9, 0xee, 0xec])
    strokePolyline(raster, Array.from({ length: 50 }, () => ({ x: random() * 400, y: random() * 225 })), 4, [0x33, 0x88, 0xff])
    // Noise in a corner: every byte value, above and below its neighbours (the "up" filter wraps).
    for (let y = 0; y < 40; y++) for (let x = 0; x < 40; x++) for (let c = 0; c < 3; c++) raster.data[(y * 400 + x) * 4 + c] = Math.floor(random() * 256)
    const opaque = PNG.sync.read(encodePng(raster))
    expect([opaque.width, opaque.height, opaque.colorType]).toEqual([400, 225, 2])
    expect(Buffer.compare(opaque.data, raster.data)).toBe(0)
    // A tile with transparent pixels keeps them.
    for (let i = 3; i < 4000; i += 4) raster.data[i] = Math.floor(random() * 256)
    const translucent = PNG.sync.read(encodePng(raster))
    expect(translucent.colorType).toBe(6)
    expect(Buffer.compare(translucent.data, raster.data)).toBe(0)
  })

  it('keeps the alpha of a single translucent pixel deep inside an opaque map', () => {
    const raster = createRaster(400, 225, [0xe9, 0xee, 0xec])
    strokePolyline(raster, [{ x: 10, y: 10 }, { x: 390, y: 215 }], 4, [0x33, 0x88, 0xff])
    // Unlike the pixel above it, in a row unlike the one above: found however the encoder looks.
    raster.data[(120 * 400 + 300) * 4 + 3] = 128
    const decoded = PNG.sync.read(encodePng(raster))
    expect(decoded.colorType).toBe(6)
    expect(Buffer.compare(decoded.data, raster.data)).toBe(0)
  })
})
