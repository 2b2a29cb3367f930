// Renders build/icon.svg and build/tray.svg into every icon the app and its installers need,
// using the Chromium the tests already use: `node build/make-icons.mjs` (rerun after editing the SVGs).
//   build/icon.png (1024), build/icon.ico (16–256), build/icon.icns (16–1024), build/icons/<n>x<n>.png (Linux)
//   resources/icon.png (window icon), resources/tray.png, resources/tray@2x.png,
//   resources/trayTemplate.png, resources/trayTemplate@2x.png (macOS menu bar)
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] })
const page = await browser.newPage()

/** The SVG at `size`×`size` pixels as PNG bytes, transparent outside the drawing. */
async function render(svgFile, size, recolour) {
  let svg = readFileSync(join(root, 'build', svgFile), 'utf8')
  if (recolour) svg = svg.replaceAll('#000000', recolour)
  await page.setViewportSize({ width: size, height: size })
  await page.setContent(
    `<html><body style="margin:0;background:transparent">${svg.replace('<svg ', `<svg width="${size}" height="${size}" `)}</body></html>`,
  )
  return page.locator('svg').screenshot({ omitBackground: true, type: 'png' })
}

/** ICO with PNG entries (Windows Vista and later read these). */
function ico(images) {
  const header = Buffer.alloc(6 + 16 * images.length)
  header.writeUInt16LE(0, 0)
  header.writeUInt16LE(1, 2)
  header.writeUInt16LE(images.length, 4)
  let offset = header.length
  images.forEach(({ size, png }, index) => {
    const entry = 6 + 16 * index
    header.writeUInt8(size >= 256 ? 0 : size, entry)
    header.writeUInt8(size >= 256 ? 0 : size, entry + 1)
    header.writeUInt16LE(1, entry + 4)
    header.writeUInt16LE(32, entry + 6)
    header.writeUInt32LE(png.length, entry + 8)
    header.writeUInt32LE(offset, entry + 12)
    offset += png.length
  })
  return Buffer.concat([header, ...images.map(({ png }) => png)])
}

/** ICNS with PNG entries, keyed by Apple's type codes for each size. */
function icns(images) {
  const types = { 16: 'icp4', 32: 'icp5', 64: 'icp6', 128: 'ic07', 256: 'ic08', 512: 'ic09', 1024: 'ic10' }
  const chunks = images.map(({ size, png }) => {
    const head = Buffer.alloc(8)
    head.write(types[size], 0, 'ascii')
    head.writeUInt32BE(png.length + 8, 4)
    return Buffer.concat([head, png])
  })
  const head = Buffer.alloc(8)
  head.write('icns', 0, 'ascii')
  head.writeUInt32BE(8 + chunks.reduce((sum, chunk) => sum + chunk.length, 0), 4)
  return Buffer.concat([head, ...chunks])
}

const write = (path, bytes) => {
  mkdirSync(dirname(join(root, path)), { recursive: true })
  writeFileSync(join(root, path), bytes)
  console.log(`${path} (${bytes.length} bytes)`)
}

const sizes = [16, 24, 32, 48, 64, 128, 256, 512, 1024]
const app = new Map()
for (const size of sizes) app.set(size, await render('icon.svg', size))
write('build/icon.png', app.get(1024))
for (const size of [16, 32, 48, 64, 128, 256, 512]) write(`build/icons/${size}x${size}.png`, app.get(size))
write('build/icon.ico', ico([16, 24, 32, 48, 64, 128, 256].map((size) => ({ size, png: app.get(size) }))))
write('build/icon.icns', icns([16, 32, 64, 128, 256, 512, 1024].map((size) => ({ size, png: app.get(size) }))))
write('resources/icon.png', app.get(512))
write('resources/tray.png', await render('tray.svg', 16, '#1f7a5a'))
write('resources/tray@2x.png', await render('tray.svg', 32, '#1f7a5a'))
write('resources/trayTemplate.png', await render('tray.svg', 16))
write('resources/trayTemplate@2x.png', await render('tray.svg', 32))
await browser.close()
