import { homedir } from 'node:os'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseServerOptions, UsageError } from './options'

describe('headless server options', () => {
  it('defaults to port 5000 on all interfaces with a data folder in the home directory', () => {
    const options = parseServerOptions([], {})
    expect(options).toMatchObject({
      port: 5000,
      host: '0.0.0.0',
      dataDir: join(homedir(), 'waymark-data'),
      emailUrl: null,
      senderEmail: null,
    })
    expect(options.publicUrl).toMatch(/^http:\/\/[^/]+:5000$/)
  })

  it('takes flags before environment variables', () => {
    const env = { WAYMARK_PORT: '6000', WAYMARK_HOST: '::', WAYMARK_DATA_DIR: '/srv/env', WAYMARK_EMAIL_URL: 'smtp://mail:25' }
    expect(parseServerOptions(['--port', '5123', '--host', '127.0.0.1', '--data-dir', 'rel/dir'], env)).toMatchObject({
      port: 5123,
      host: '127.0.0.1',
      dataDir: resolve('rel/dir'),
      publicUrl: 'http://localhost:5123',
      emailUrl: 'smtp://mail:25',
    })
    expect(parseServerOptions([], env)).toMatchObject({ port: 6000, host: '::', dataDir: '/srv/env' })
  })

  it('uses the configured public URL for e-mail links, without a trailing slash', () => {
    expect(parseServerOptions(['--public-url', 'https://tracker.home/'], {}).publicUrl).toBe('https://tracker.home')
    expect(parseServerOptions([], { WAYMARK_SENDER_EMAIL: 'me@example.com' }).senderEmail).toBe('me@example.com')
  })

  it('pairs each --watch-folder with its --watch-user, or one user with every folder', () => {
    expect(parseServerOptions([], {}).watchFolders).toEqual([])
    expect(parseServerOptions(['--watch-folder', 'sync/a', '--watch-user', 'sam', '--watch-folder', '/b', '--watch-user', 'kim'], {}).watchFolders).toEqual([
      { dir: resolve('sync/a'), username: 'sam' },
      { dir: '/b', username: 'kim' },
    ])
    expect(parseServerOptions(['--watch-folder', '/a', '--watch-folder', '/b', '--watch-user', 'sam'], {}).watchFolders).toEqual([
      { dir: '/a', username: 'sam' },
      { dir: '/b', username: 'sam' },
    ])
    expect(() => parseServerOptions(['--watch-folder', '/a'], {})).toThrow(UsageError)
    expect(() => parseServerOptions(['--watch-user', 'sam'], {})).toThrow(UsageError)
    expect(parseServerOptions([], {}).watchDevices).toBeNull()
    expect(parseServerOptions(['--watch-devices', 'sam'], {}).watchDevices).toMatchObject({ username: 'sam', roots: expect.arrayContaining([expect.any(String)]) })
    expect(() => parseServerOptions(['--watch-folder', '/a', '--watch-folder', '/b', '--watch-user', 'x', '--watch-user', 'y', '--watch-user', 'z'], {})).toThrow(
      UsageError,
    )
  })

  it('uses OpenStreetMap tiles unless another tile server, or none, is given', () => {
    expect(parseServerOptions([], {}).tileServer).toBe('https://tile.openstreetmap.org/{z}/{x}/{y}.png')
    expect(parseServerOptions(['--tile-server', 'off'], {}).tileServer).toBeNull()
    expect(parseServerOptions([], { WAYMARK_TILE_SERVER: 'https://tiles.home/{z}/{x}/{y}.png' }).tileServer).toBe('https://tiles.home/{z}/{x}/{y}.png')
  })

  it('accepts a registration limit per address and hour', () => {
    expect(parseServerOptions([], {}).registrationsPerHour).toBe(20)
    expect(parseServerOptions(['--registrations-per-hour', '500'], {}).registrationsPerHour).toBe(500)
    expect(() => parseServerOptions(['--registrations-per-hour', '0'], {})).toThrow(UsageError)
  })

  it('fetches weather only with a provider key', () => {
    expect(parseServerOptions([], {}).weatherApiKey).toBeNull()
    expect(parseServerOptions(['--weather-api-key', 'abc'], {}).weatherApiKey).toBe('abc')
    expect(parseServerOptions([], { WAYMARK_WEATHER_API_KEY: 'xyz' }).weatherApiKey).toBe('xyz')
  })

  it.each([
    [['--tile-server', 'https://tiles.home/tile.png'], 'invalid tile server: expected a URL with {z}, {x} and {y}, "osm" or "off"'],
    [['--port', 'abc'], 'invalid port "abc": expected a number from 1 to 65535'],
    [['--port', '0'], 'invalid port "0": expected a number from 1 to 65535'],
    [['--port', '70000'], 'invalid port "70000": expected a number from 1 to 65535'],
    [['--host', ''], 'invalid host: it must not be empty'],
    [['--email-url', 'http://mail'], 'invalid e-mail URL: expected smtp://user:password@host:port or smtps://…'],
    [['--public-url', 'tracker.home'], 'invalid public URL "tracker.home"'],
    [['--colour', 'blue'], "Unknown option '--colour'"],
    [['extra'], "Unexpected argument 'extra'. This command does not take positional arguments"],
  ])('refuses %j with a one-line reason', (argv, message) => {
    expect(() => parseServerOptions(argv, {})).toThrow(new UsageError(message))
  })
})
