import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { callFrom, lanAddress } from '../../test/client-address'
import { startTestServer, type TestServer } from '../../test/test-server'

const owner = { username: 'owner', email: 'owner@example.com', password: '12345678', password_conf: '12345678' }
const SETUP_CODE = 'K7QM-3XPT'

// The server listens on the network like a LAN install; requests come either from loopback or from
// this machine's network address, which the server sees as another device.
describe('first account of a fresh install (M3)', () => {
  let app: TestServer
  let lanUrl: string
  const lan = lanAddress()
  beforeEach(async () => {
    app = await startTestServer({ host: '0.0.0.0', setupCode: SETUP_CODE })
    lanUrl = `http://${lan}:${new URL(app.url).port}`
  })
  afterEach(() => app.close())

  const config = async () => (await app.api<{ data: { setup_required: boolean } }>('GET', 'config')).body.data

  it('refuses the first account from another device without the setup code, and creates nothing', async () => {
    expect(await config()).toMatchObject({ setup_required: true })
    for (const setup_code of [undefined, '', 'ABCD-EFGH', `${SETUP_CODE}X`]) {
      const answer = await callFrom(lanUrl, lan, 'POST', '/api/auth/register', { ...owner, ...(setup_code === undefined ? {} : { setup_code }) })
      expect(answer).toEqual({
        status: 403,
        body: expect.objectContaining({
          status: 'error',
          code: 'setup_code_required',
          message: 'the first account can only be created on the server computer, or with the setup code the server shows',
        }) as unknown,
      })
    }
    expect(await config()).toMatchObject({ setup_required: true })
    expect((await app.api('POST', 'auth/login', { body: owner })).status).toBe(401)
    expect(await app.server.pendingSetupCode()).toBe(SETUP_CODE)
  })

  it('accepts the first account from another device with the setup code, typed in any case and without the dash', async () => {
    const answer = await callFrom(lanUrl, lan, 'POST', '/api/auth/register', { ...owner, setup_code: ' k7qm3xpt ' })
    expect(answer.status).toBe(200)
    const login = await callFrom(lanUrl, lan, 'POST', '/api/auth/login', owner)
    expect(login.status).toBe(200)
    const me = await app.api<{ data: { admin: boolean } }>('GET', 'auth/profile', { token: String(login.body.auth_token) })
    expect(me.body.data.admin).toBe(true)
    expect(await config()).toMatchObject({ setup_required: false })
    expect(await app.server.pendingSetupCode()).toBeNull()
  })

  it('accepts the first account from this computer without a code', async () => {
    expect((await app.api('POST', 'auth/register', { body: owner })).status).toBe(200)
    expect(await config()).toMatchObject({ setup_required: false })
  })

  it('leaves later registrations from the network as they were (no code asked once an account exists)', async () => {
    expect((await app.api('POST', 'auth/register', { body: owner })).status).toBe(200)
    const second = await callFrom(lanUrl, lan, 'POST', '/api/auth/register', {
      username: 'sam',
      email: 'sam@example.com',
      password: '12345678',
      password_conf: '12345678',
    })
    expect(second.status).toBe(200)
  })
})
