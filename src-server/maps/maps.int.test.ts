import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { readdir } from 'node:fs/promises'
import { PNG } from 'pngjs'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { AppConfig, Workout, WorkoutsResponse } from '../../src/contracts'
import { registerUser, type Account } from '../test/accounts'
import { startTestServer, type TestServer } from '../test/test-server'
import { fixture, upload } from '../test/workouts'

const TILE_COLOR = [200, 40, 160] as const

/** A loopback tile server painting every tile one colour, counting what it serves. */
async function startTileServer(): Promise<{ url: string; requests: string[]; close(): Promise<void> }> {
  const png = new PNG({ width: 256, height: 256 })
  for (let i = 0; i < png.data.length; i += 4) png.data.set([...TILE_COLOR, 255], i)
  const tile = PNG.sync.write(png)
  const requests: string[] = []
  const server: Server = createServer((request, response) => {
    requests.push(request.url ?? '')
    response.writeHead(200, { 'content-type': 'image/png' }).end(tile)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/{z}/{x}/{y}.png`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

async function mapPixels(t: TestServer, id: string): Promise<PNG> {
  const response = await fetch(`${t.url}/api/workouts/map/${id}`)
  expect(response.status).toBe(200)
  expect(response.headers.get('content-type')).toBe('image/png')
  return PNG.sync.read(Buffer.from(await response.arrayBuffer()))
}

function hasColor(png: PNG, rgb: readonly number[]): boolean {
  for (let i = 0; i < png.data.length; i += 4) {
    if (png.data[i] === rgb[0] && png.data[i + 1] === rgb[1] && png.data[i + 2] === rgb[2]) return true
  }
  return false
}

describe('static maps', () => {
  let tiles: Awaited<ReturnType<typeof startTileServer>>
  let t: TestServer
  let owner: Account
  beforeAll(async () => {
    tiles = await startTileServer()
  })
  afterAll(() => tiles.close())
  afterEach(() => t.close())

  const uploadRide = async () =>
    (await upload<WorkoutsResponse>(t, owner.token, 'ride.gpx', await fixture('gpx/gpx_file.gpx'))).body.data.workouts[0] as Workout

  it('draws the track at 400×225 on a plain background without a tile server, and serves it publicly', async () => {
    t = await startTestServer()
    owner = await registerUser(t, 'owner')
    const workout = await uploadRide()
    expect(workout.map).toMatch(/^[A-Za-z0-9_-]{32}$/)
    const png = await mapPixels(t, String(workout.map))
    expect([png.width, png.height]).toEqual([400, 225])
    expect(hasColor(png, [0x33, 0x88, 0xff])).toBe(true)
    expect(hasColor(png, TILE_COLOR)).toBe(false)
    expect((await t.api<{ data: AppConfig }>('GET', 'config')).body.data.tile_server_url).toBeNull()
    expect((await t.api('GET', 'workouts/map_tile/1/0/0.png')).status).toBe(404)
  })

  it('redraws the map over tiles fetched once and cached, and proxies tiles for the interactive map', async () => {
    t = await startTestServer({ tiles: { url: tiles.url, attribution: 'Test tiles' } })
    owner = await registerUser(t, 'owner')
    const workout = await uploadRide()
    // The map is redrawn over tiles in the background.
    await t.server.settled()
    const png = await mapPixels(t, String(workout.map))
    expect(hasColor(png, TILE_COLOR)).toBe(true)
    expect(hasColor(png, [0x33, 0x88, 0xff])).toBe(true)
    const fetched = tiles.requests.length
    expect(fetched).toBeGreaterThan(0)

    const config = (await t.api<{ data: AppConfig }>('GET', 'config')).body.data
    expect(config).toMatchObject({ tile_server_url: '/api/workouts/map_tile/{z}/{x}/{y}.png', map_attribution: 'Test tiles' })
    const [path] = tiles.requests
    const proxied = await fetch(`${t.url}/api/workouts/map_tile${path}`)
    expect(proxied.status).toBe(200)
    expect(proxied.headers.get('content-type')).toBe('image/png')
    expect(tiles.requests.length).toBe(fetched)
    // The reference client's address carries a subdomain letter first, which does not matter here.
    const withSubdomain = await fetch(`${t.url}/api/workouts/map_tile/b${path}`)
    expect(withSubdomain.status).toBe(200)
    expect(Buffer.from(await withSubdomain.arrayBuffer())).toEqual(Buffer.from(await proxied.arrayBuffer()))
    expect(tiles.requests.length).toBe(fetched)
    // Zoom 0–19, x and y each below 2^zoom: the last tile of zoom 19 is one, beyond either edge none.
    expect((await fetch(`${t.url}/api/workouts/map_tile/19/524287/524287.png`)).status).toBe(200)
    for (const bad of ['20/0/0.png', '2/4/0.png', '2/0/4.png', '2/0/x.png', '-1/0/0.png', 'a/20/0/0.png', 'a/2/0/x.png']) {
      expect((await t.api('GET', `workouts/map_tile/${bad}`)).status).toBe(404)
    }
  })

  it('still draws the track when the tile server cannot be reached', async () => {
    t = await startTestServer({ tiles: { url: 'http://127.0.0.1:9/{z}/{x}/{y}.png', attribution: '' } })
    owner = await registerUser(t, 'owner')
    const workout = await uploadRide()
    // The redrawing over tiles has been tried (the tiles failed); the track is still drawn.
    await t.server.settled()
    const png = await mapPixels(t, String(workout.map))
    expect(hasColor(png, [0x33, 0x88, 0xff])).toBe(true)
  })

  it('removes the map with its workout and answers 404 for unknown maps', async () => {
    t = await startTestServer()
    owner = await registerUser(t, 'owner')
    const workout = await uploadRide()
    // An id is a name, never a path: not even one that leads back to the map itself.
    expect((await fetch(`${t.url}/api/workouts/map/${String(workout.map)}`)).status).toBe(200)
    expect(await t.api('GET', `workouts/map/..%2Fmaps%2F${String(workout.map)}`)).toMatchObject({ status: 404, body: { message: 'map does not exist' } })
    expect((await t.api('DELETE', `workouts/${workout.id}`, { token: owner.token })).status).toBe(204)
    expect(await readdir(`${t.dataDir}/maps`)).toEqual([])
    for (const id of [String(workout.map), '..%2F..%2Fsecret.key', 'short']) {
      expect(await t.api('GET', `workouts/map/${id}`)).toMatchObject({ status: 404, body: { message: 'map does not exist' } })
    }
  })
})
