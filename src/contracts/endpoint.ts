import type { z } from 'zod'

/**
 * Who may call an endpoint. `optional`: anyone, signed in or not, as the reference's
 * `optional_auth_user` routes (a public workout); a token sent must still be valid.
 */
type Access = 'public' | 'optional' | 'user' | 'admin'

/** HTTP methods used by the API. */
type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE'

/** What an endpoint accepts as its request body. */
type BodyKind = z.ZodType | 'multipart' | undefined

/** The static description of one API call. `path` is relative to `/api` and uses `:name` params. */
export interface EndpointSpec {
  readonly method: HttpMethod
  readonly path: string
  readonly access: Access
  readonly body?: BodyKind
  readonly query?: z.ZodType
  /**
   * Account security (password, e-mail, deleting the account, managing access tokens): refused
   * to personal access tokens, which only a signed-in session may do.
   */
  readonly sessionOnly?: boolean
  /** Headers our own client sends with every call of this endpoint (e.g. a `Prefer`). */
  readonly clientHeaders?: Readonly<Record<string, string>>
  /**
   * The success answer's schema: it gives the handler's return type (so the two cannot drift) and
   * the answer's schema in the OpenAPI document.
   */
  readonly response?: z.ZodType
  /** A file answer (a download, an image) instead of JSON: its media type. The handler sets `ctx.body`. */
  readonly file?: string
}

/** An endpoint description carrying its response type (a phantom: never set at run time). */
export type Endpoint<S extends EndpointSpec = EndpointSpec, TResponse = unknown> = S & {
  readonly __response?: TResponse
}

/**
 * Declares an endpoint: `endpoint()({ method, path, …, response: schema })`, or with a response type
 * that has no schema yet, `endpoint<Res>()({ … })`. The two-step form lets the response type be
 * given while the spec's literal types are inferred.
 */
export function endpoint<TResponse = never>() {
  return <const S extends EndpointSpec>(spec: S): Endpoint<S, TResponse> => spec
}

/** The response body type of an endpoint: its schema's output, else the declared type. */
export type ResponseOf<E> = E extends { response: infer S extends z.ZodType }
  ? z.output<S>
  : E extends Endpoint<EndpointSpec, infer R>
    ? R
    : never

/** The parsed request body type of an endpoint (what the server handler receives). */
export type BodyOf<E> = E extends { body: infer B } ? (B extends z.ZodType ? z.output<B> : never) : never

/** The request body type a client sends. */
export type BodyInputOf<E> = E extends { body: infer B } ? (B extends z.ZodType ? z.input<B> : FormData) : never

/** The parsed query type of an endpoint. */
export type QueryOf<E> = E extends { query: infer Q } ? (Q extends z.ZodType ? z.output<Q> : never) : never

/** The query type a client sends. */
export type QueryInputOf<E> = E extends { query: infer Q } ? (Q extends z.ZodType ? z.input<Q> : never) : never

/** The names of the `:params` in a path. */
export type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParams<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never

/** The params object of an endpoint (empty when its path has none). */
export type ParamsOf<E extends EndpointSpec> = { readonly [K in PathParams<E['path']>]: string | number }
