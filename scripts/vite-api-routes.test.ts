import { describe, expect, it } from 'vitest'
import { endpoints, type EndpointSpec } from '../src/contracts'
import { routesModuleSource } from './vite-api-routes'

describe('the UI build’s API routes table', () => {
  const source = routesModuleSource()
  const table = JSON.parse(source.replace(/^export const routes = /, '')) as Record<string, unknown>

  it('names every endpoint with its method, path and client headers, and nothing else', () => {
    const specs: Readonly<Record<string, EndpointSpec>> = endpoints
    expect(Object.keys(table).sort()).toEqual(Object.keys(specs).sort())
    for (const [name, spec] of Object.entries(specs)) {
      const expected: Record<string, unknown> = { method: spec.method, path: spec.path }
      if (spec.clientHeaders) expected.clientHeaders = spec.clientHeaders
      expect(table[name], name).toEqual(expected)
    }
    // The upload's own header travels too (archives answer at once with their task).
    expect(table.createWorkout).toEqual({ method: 'POST', path: '/workouts', clientHeaders: { Prefer: 'respond-async' } })
  })

  it('is plain data: no schema and no import', () => {
    expect(source).not.toMatch(/^import |zod/im)
  })
})
