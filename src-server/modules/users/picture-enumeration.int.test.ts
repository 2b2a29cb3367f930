import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { registerUser } from '../../test/accounts'
import { startTestServer, type TestServer } from '../../test/test-server'

describe('profile pictures do not reveal which usernames exist', () => {
  let t: TestServer
  beforeEach(async () => {
    t = await startTestServer()
    await registerUser(t, 'owner')
  })
  afterEach(() => t.close())

  it('answers an unknown user exactly as a user without a picture', async () => {
    const existing = await t.api('GET', 'users/owner/picture')
    const unknown = await t.api('GET', 'users/nobody_here/picture')
    expect(existing).toMatchObject({ status: 404, body: { status: 'not found', message: 'no picture' } })
    expect({ status: unknown.status, body: unknown.body }).toEqual({ status: existing.status, body: existing.body })
  })
})
