import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { AppConfig } from '../../../src/contracts'
import { startWithOwnerAndSam, type Account } from '../../test/accounts'
import { pictureForm, TINY_PNG } from '../../test/pictures'
import { fixture, upload } from '../../test/workouts'
import type { TestServer } from '../../test/test-server'

describe('application configuration', () => {
  let t: TestServer
  let admin: Account
  let user: Account

  beforeEach(async () => {
    ;({ t, owner: admin, sam: user } = await startWithOwnerAndSam())
  })
  afterEach(() => t.close())

  it('answers the defaults for importing whole histories, to anyone', async () => {
    const answer = await t.api<{ status: string; data: AppConfig }>('GET', 'config')
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({
      status: 'success',
      data: {
        admin_contact: null,
        gpx_limit_import: 5000,
        is_email_sending_enabled: false,
        is_registration_enabled: true,
        setup_required: false,
        map_attribution: '',
        tile_server_url: null,
        max_single_file_size: 20 * 1024 * 1024,
        max_users: 0,
        max_zip_file_size: 500 * 1024 * 1024,
        version: '0.0.0-test',
        // A server started outside the desktop app is a shared one (its login page says "this server").
        hosting: 'server',
      },
    })
  })

  it('lets an administrator change every setting', async () => {
    const answer = await t.api<{ data: AppConfig }>('PATCH', 'config', {
      token: admin.token,
      body: {
        admin_contact: 'admin@example.com',
        gpx_limit_import: 20,
        max_single_file_size: 1_048_576,
        max_zip_file_size: 10_485_760,
        max_users: 2,
      },
    })
    expect(answer.status).toBe(200)
    expect(answer.body.data).toMatchObject({
      admin_contact: 'admin@example.com',
      gpx_limit_import: 20,
      max_single_file_size: 1_048_576,
      max_zip_file_size: 10_485_760,
      max_users: 2,
      is_registration_enabled: false,
    })
    const cleared = await t.api<{ data: AppConfig }>('PATCH', 'config', { token: admin.token, body: { admin_contact: '' } })
    expect(cleared.body.data.admin_contact).toBeNull()
    expect((await t.api<{ data: AppConfig }>('GET', 'config')).body.data.max_users).toBe(2)
  })

  it('changes only the settings a call names, and takes an address as typed around its spaces', async () => {
    const spaced = await t.api<{ data: AppConfig }>('PATCH', 'config', { token: admin.token, body: { admin_contact: '  admin@example.com \t' } })
    expect(spaced.status).toBe(200)
    expect(spaced.body.data.admin_contact).toBe('admin@example.com')
    const other = await t.api<{ data: AppConfig }>('PATCH', 'config', { token: admin.token, body: { max_users: 5 } })
    expect(other.body.data).toMatchObject({ admin_contact: 'admin@example.com', max_users: 5, gpx_limit_import: 5000 })
    expect((await t.api<{ data: AppConfig }>('GET', 'config')).body.data).toMatchObject({ admin_contact: 'admin@example.com', max_users: 5 })
  })

  it('reports every broken rule at once', async () => {
    const answer = await t.api('PATCH', 'config', {
      token: admin.token,
      body: { admin_contact: 'not-an-email', gpx_limit_import: 0, max_single_file_size: 0, max_zip_file_size: 0 },
    })
    expect(answer.status).toBe(400)
    expect(answer.body).toEqual({
      status: 'error',
      message: [
        'valid email must be provided for admin contact',
        'Max. files in a zip archive must be greater than 0',
        'Max. size of uploaded files must be greater than 0',
        'Max. size of zip archive must be greater than 0',
      ].join('\n'),
      code: 'admin_contact_invalid',
      codes: ['admin_contact_invalid', 'max_files_in_zip_invalid', 'max_single_file_size_invalid', 'max_zip_file_size_invalid'],
    })
  })

  it('refuses a zip limit below the single-file limit', async () => {
    const answer = await t.api('PATCH', 'config', {
      token: admin.token,
      body: { max_single_file_size: 2000, max_zip_file_size: 1000 },
    })
    expect(answer.status).toBe(400)
    expect(answer.body.message).toBe('Max. size of zip archive must be equal or greater than max. size of uploaded files')
  })

  it.each([
    [{ max_users: -1 }],
    [{ max_users: 1.5 }],
    [{ max_users: '3' }],
    [{ unknown_setting: 1 }],
  ])('answers invalid payload for %j', async (body) => {
    const answer = await t.api('PATCH', 'config', { token: admin.token, body })
    expect(answer.status).toBe(400)
    expect(answer.body).toEqual({ status: 'error', message: 'invalid payload', code: 'invalid_payload' })
  })

  it('is changed by administrators only', async () => {
    expect((await t.api('PATCH', 'config', { body: { max_users: 1 } })).status).toBe(401)
    const refused = await t.api('PATCH', 'config', { token: user.token, body: { max_users: 1 } })
    expect(refused.status).toBe(403)
    expect(refused.body).toEqual({ status: 'error', message: 'you do not have permissions', code: 'forbidden' })
  })

  it('counts users, sports with workouts, workouts and upload bytes for administrators', async () => {
    const answer = await t.api('GET', 'stats/all', { token: admin.token })
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({ status: 'success', data: { users: 2, sports: 0, workouts: 0, uploads_dir_size: 0 } })
    expect((await t.api('GET', 'stats/all', { token: user.token })).status).toBe(403)
  })

  it('counts the workout files, pictures and drawn maps in the upload size, and sports with workouts', async () => {
    const gpx = await fixture('gpx/gpx_file.gpx')
    expect((await upload(t, user.token, 'ride.gpx', gpx)).status).toBe(201)
    expect((await t.api('POST', 'auth/picture', { token: user.token, form: pictureForm('me.png', TINY_PNG) })).status).toBe(200)
    const answer = await t.api<{ data: { users: number; sports: number; workouts: number; uploads_dir_size: number } }>('GET', 'stats/all', {
      token: admin.token,
    })
    expect(answer.body.data).toMatchObject({ users: 2, sports: 1, workouts: 1 })
    // The original file byte for byte and the picture, plus the map image when one was drawn.
    expect(answer.body.data.uploads_dir_size).toBeGreaterThanOrEqual(gpx.length + TINY_PNG.length)
  })
})
