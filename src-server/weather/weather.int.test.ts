import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import type { Workout, WorkoutsResponse } from '../../src/contracts'
import { registerUser } from '../test/accounts'
import { startTestServer, type TestServer } from '../test/test-server'
import { fixture, upload } from '../test/workouts'

/** A loopback stand-in for the weather provider, recording what it was asked. */
type Answer = { status: number; body: unknown }

async function startProvider(answer: (url: string) => Answer | Promise<Answer>): Promise<{ url: string; asked: string[]; close(): Promise<void> }> {
  const asked: string[] = []
  const server: Server = createServer((request, response) => {
    asked.push(request.url ?? '')
    void Promise.resolve(answer(request.url ?? '')).then(({ status, body }) =>
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body)),
    )
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/timeline`,
    asked,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

/** The workout once the weather fetched in the background has been saved (or given up). */
async function afterWeather(t: TestServer, token: string, id: string): Promise<Workout> {
  await t.server.settled()
  return (await t.api<WorkoutsResponse>('GET', `workouts/${id}`, { token })).body.data.workouts[0] as Workout
}

describe('weather of imported workouts', () => {
  let t: TestServer
  let provider: Awaited<ReturnType<typeof startProvider>>
  afterEach(async () => {
    await t.close()
    await provider.close()
  })

  it('is fetched after the import for the start and the end, in the app units', async () => {
    provider = await startProvider(() => ({
      status: 200,
      body: { currentConditions: { temp: 12.3, humidity: 61, windspeed: 18, winddir: 250, icon: 'partly-cloudy-day' } },
    }))
    t = await startTestServer({ weather: { apiKey: 'secret key', baseUrl: provider.url } })
    const owner = await registerUser(t, 'owner')
    const created = (await upload<WorkoutsResponse>(t, owner.token, 'ride.gpx', await fixture('gpx/gpx_file.gpx'))).body.data.workouts[0] as Workout
    const workout = await afterWeather(t, owner.token, created.id)
    const expected = { icon: 'partly-cloudy-day', temperature: 12.3, humidity: 0.61, wind: 5, windBearing: 250 }
    expect(workout.weather_start).toEqual(expected)
    expect(workout.weather_end).toEqual(expected)
    // Start 12:44:45 UTC rounds to 13:00; the position and the key are sent.
    expect(provider.asked[0]).toBe(`/timeline/44.68095,6.07367/${Date.UTC(2018, 2, 13, 13) / 1000}?unitGroup=metric&include=current&iconSet=icons1&key=secret%20key`)
  })

  it('keeps the weather the user typed while the provider was answering', async () => {
    // The provider answers only once the user has typed the start weather.
    let release = () => undefined as void
    const typedDone = new Promise<void>((resolve) => (release = resolve))
    provider = await startProvider(async () => {
      await typedDone
      return { status: 200, body: { currentConditions: { temp: 20, humidity: 40, windspeed: 3.6, winddir: 90, icon: 'clear-day' } } }
    })
    t = await startTestServer({ weather: { apiKey: 'k', baseUrl: provider.url } })
    const owner = await registerUser(t, 'owner')
    const typed = { icon: 'snow', temperature: -3, humidity: 0.9, wind: 1, windBearing: 10 }
    const created = (await upload<WorkoutsResponse>(t, owner.token, 'ride.gpx', await fixture('gpx/gpx_file.gpx'))).body.data.workouts[0] as Workout
    await t.api('PATCH', `workouts/${created.id}`, { token: owner.token, body: { weather_start: typed } })
    release()
    const workout = await afterWeather(t, owner.token, created.id)
    expect(workout.weather_start).toEqual(typed)
    expect(workout.weather_end).toMatchObject({ icon: 'clear-day', wind: 1 })
  })

  it('never fails an import when the provider errs', async () => {
    provider = await startProvider(() => ({ status: 500, body: { error: 'down' } }))
    t = await startTestServer({ weather: { apiKey: 'k', baseUrl: provider.url } })
    const owner = await registerUser(t, 'owner')
    const answer = await upload<WorkoutsResponse>(t, owner.token, 'ride.gpx', await fixture('gpx/gpx_file.gpx'))
    expect(answer.status).toBe(201)
    const workout = await afterWeather(t, owner.token, String(answer.body.data.workouts[0]?.id))
    expect(provider.asked).toHaveLength(2)
    expect(workout).toMatchObject({ weather_start: null, weather_end: null })
  })

  it('is not asked for without a key', async () => {
    provider = await startProvider(() => ({ status: 200, body: {} }))
    t = await startTestServer()
    const owner = await registerUser(t, 'owner')
    expect((await upload(t, owner.token, 'ride.gpx', await fixture('gpx/gpx_file.gpx'))).status).toBe(201)
    // Whatever was started in the background is done (nothing aborted): the provider was never asked.
    await t.server.settled()
    expect(provider.asked).toEqual([])
  })
})
