import type { z } from 'zod'
import type {
  endpoints,
  BodyInputOf,
  EndpointSpec,
  ParamsOf,
  PathParams,
  QueryInputOf,
  ResponseOf,
} from '../../src/contracts'
import { ApiError, errorKeysOf, NETWORK_ERROR_KEY } from './ApiError'
import { routes, type Route } from './routes'
import { tokenStorage } from './tokenStorage'

/** Base path of every call (spec §9). */
export const API_BASE = '/api'

export type EndpointName = keyof typeof endpoints
type EndpointOf<N extends EndpointName> = (typeof endpoints)[N]

/** What a call needs besides its name: path params, body and query, each only when it has them. */
type CallArgs<E extends EndpointSpec> = ([PathParams<E['path']>] extends [never]
  ? { params?: undefined }
  : { params: ParamsOf<E> }) &
  (E extends { body: z.ZodType | 'multipart' } ? { body: BodyInputOf<E> } : { body?: undefined }) &
  (E extends { query: z.ZodType } ? { query?: QueryInputOf<E> } : { query?: undefined })

type ArgsTuple<E extends EndpointSpec> = Record<string, never> extends CallArgs<E> ? [args?: CallArgs<E>] : [args: CallArgs<E>]

/** Fills `:name` segments of a path. */
export function buildPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name]
    if (value === undefined) throw new Error(`Missing path parameter ${name}`)
    return encodeURIComponent(String(value))
  })
}

function queryString(query: Record<string, unknown> | undefined): string {
  if (!query) return ''
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    if (typeof value === 'string' ? value !== '' : typeof value === 'number' || typeof value === 'boolean') {
      search.set(key, String(value))
    }
  }
  const text = search.toString()
  return text ? `?${text}` : ''
}

/** The body's JSON; undefined when empty or not JSON. */
function parseJson(text: string): unknown {
  if (!text) return undefined
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/** A call's address, method, headers (the stored session token as a bearer token) and body. */
function requestFor(name: EndpointName, args: unknown): { url: string; method: string; headers: Headers; payload: BodyInit | undefined } {
  const spec: Route = routes[name]
  const { params, body, query } = (args ?? {}) as {
    params?: Record<string, string | number>
    body?: unknown
    query?: Record<string, unknown>
  }
  const headers = new Headers({ Accept: 'application/json' })
  const token = tokenStorage.get()
  if (token) headers.set('Authorization', `Bearer ${token}`)
  for (const [header, value] of Object.entries(spec.clientHeaders ?? {})) headers.set(header, value)

  let payload: BodyInit | undefined
  if (body instanceof FormData) payload = body
  else if (body !== undefined) {
    headers.set('Content-Type', 'application/json')
    payload = JSON.stringify(body)
  }
  return { url: `${API_BASE}${buildPath(spec.path, params)}${queryString(query)}`, method: spec.method, headers, payload }
}

/** The error a failed call throws, from its status (0: no answer) and body. */
export function apiErrorOf(status: number, body: string): ApiError {
  return new ApiError(status, status === 0 ? [NETWORK_ERROR_KEY] : errorKeysOf(status, parseJson(body)))
}

/** Sends a call; answers its response when it succeeded, throws {@link ApiError} otherwise. */
async function send(name: EndpointName, args: unknown): Promise<Response> {
  const { url, method, headers, payload } = requestFor(name, args)
  let response: Response
  try {
    response = await fetch(url, { method, headers, body: payload })
  } catch {
    throw apiErrorOf(0, '')
  }
  if (!response.ok) throw apiErrorOf(response.status, await response.text())
  return response
}

/**
 * Calls an API endpoint by its contract name, typed end to end from `src/contracts`.
 * Sends the stored session token as a bearer token; throws {@link ApiError} on failure.
 */
export async function call<N extends EndpointName>(
  name: N,
  ...[args]: ArgsTuple<EndpointOf<N>>
): Promise<ResponseOf<EndpointOf<N>>> {
  const response = await send(name, args)
  return parseJson(response.status === 204 ? '' : await response.text()) as ResponseOf<EndpointOf<N>>
}

/**
 * A GET call's absolute address and headers, for a worker that sends it itself (the heatmap's:
 * the page's thread may be busy); its failure is reported with {@link apiErrorOf}.
 */
export function getRequest<N extends EndpointName>(name: N, ...[args]: ArgsTuple<EndpointOf<N>>): { url: string; headers: Record<string, string> } {
  const { url, headers } = requestFor(name, args)
  return { url: new URL(url, window.location.origin).href, headers: Object.fromEntries(headers) }
}

/** The address of a user's picture, with a cache-busting stamp so a new upload shows at once. */
export function pictureUrl(username: string, stamp: number | string): string {
  return `${API_BASE}${buildPath(routes.getUserPicture.path, { username })}?${stamp}`
}
