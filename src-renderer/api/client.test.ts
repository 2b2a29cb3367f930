import { afterEach, describe, expect, it, vi } from 'vitest'
import { isApiError } from './ApiError'
import { buildPath, call } from './client'
import { tokenStorage } from './tokenStorage'

afterEach(() => {
  vi.unstubAllGlobals()
  tokenStorage.clear()
})

describe('buildPath', () => {
  it('fills and encodes path parameters', () => {
    expect(buildPath('/users/:username/picture', { username: 'a b' })).toBe('/users/a%20b/picture')
    expect(() => buildPath('/users/:username', {})).toThrow()
  })
})

describe('call', () => {
  it('sends the stored token as a bearer token and JSON bodies', async () => {
    const fetchMock = vi.fn<typeof fetch>(() => Promise.resolve(new Response(JSON.stringify({ status: 'success', auth_token: 't' }), { status: 200 })))
    vi.stubGlobal('fetch', fetchMock)
    tokenStorage.set('abc')
    const response = await call('login', { body: { email: 'a@b.c', password: 'secret123' } })
    expect(response.auth_token).toBe('t')
    const [url, init] = fetchMock.mock.calls[0] ?? []
    expect(url).toBe('/api/auth/login')
    const headers = new Headers(init?.headers)
    expect(headers.get('Authorization')).toBe('Bearer abc')
    expect(headers.get('Content-Type')).toBe('application/json')
    expect(init?.body).toBe(JSON.stringify({ email: 'a@b.c', password: 'secret123' }))
  })

  it('asks for an asynchronous answer to uploads (an archive answers 202 with its task at once)', async () => {
    const fetchMock = vi.fn<typeof fetch>(() => Promise.resolve(new Response(JSON.stringify({ status: 'in_progress', data: {} }), { status: 202 })))
    vi.stubGlobal('fetch', fetchMock)
    await call('createWorkout', { body: new FormData() })
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).get('Prefer')).toBe('respond-async')
    await call('getConfig')
    expect(new Headers(fetchMock.mock.calls[1]?.[1]?.headers).get('Prefer')).toBeNull()
  })

  it('reports an unreachable server as the network error', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))))
    const error: unknown = await call('getConfig').catch((caught: unknown) => caught)
    expect(isApiError(error) && error.keys).toEqual(['api.ERROR.network_error'])
  })

  it('reports a server error as its translation keys', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response(JSON.stringify({ status: 'error', message: 'user does not exist', code: 'user_not_found' }), { status: 404 }))))
    const error: unknown = await call('getUser', { params: { username: 'nobody' } }).catch((caught: unknown) => caught)
    expect(isApiError(error) && [error.status, ...error.keys]).toEqual([404, 'api.ERROR.user_not_found'])
  })
})
