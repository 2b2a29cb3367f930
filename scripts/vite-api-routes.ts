import { resolve } from 'node:path'
import type { Plugin } from 'vite'
import { endpoints, type EndpointSpec } from '../src/contracts'

/** The module the UI takes its API routes from (`src-renderer/api/routes.ts`). */
export const ROUTES_MODULE = resolve(__dirname, '../src-renderer/api/routes.ts')

/** The routes table as module source: method, path and client headers of every endpoint, no zod. */
export function routesModuleSource(): string {
  const specs: Readonly<Record<string, EndpointSpec>> = endpoints
  const table = Object.fromEntries(
    Object.entries(specs).map(([name, { method, path, clientHeaders }]) => [name, clientHeaders ? { method, path, clientHeaders } : { method, path }]),
  )
  return `export const routes = ${JSON.stringify(table)}\n`
}

/**
 * Builds the UI's routes module from the contracts at build time. The contracts carry the zod
 * schemas of every body and query (~45 KB compressed with zod itself); the browser only needs to
 * know where each call goes, so every page, the login page first, loads without them.
 */
export function apiRoutes(): Plugin {
  return {
    name: 'waymark-api-routes',
    load(id) {
      return id === ROUTES_MODULE ? routesModuleSource() : null
    },
  }
}
