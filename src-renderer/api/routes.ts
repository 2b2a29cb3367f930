import { endpoints, type EndpointSpec } from '../../src/contracts'

/** What the UI needs of an endpoint to call it: no request or response schemas. */
export type Route = Pick<EndpointSpec, 'method' | 'path' | 'clientHeaders'>

/**
 * Method, path and client headers of every API call, by contract name. Here they are the contracts
 * themselves (tests, typecheck); the UI build swaps this module for a plain table of the same
 * fields (`scripts/vite-api-routes.ts`) so zod and the schemas stay out of the browser.
 */
export const routes: { readonly [N in keyof typeof endpoints]: Route } = endpoints
