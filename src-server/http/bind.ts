import type { default as Router, RouterContext } from '@koa/router'
import type { Context, Middleware } from 'koa'
import type { z } from 'zod'
import type { BodyOf, EndpointSpec, PathParams, QueryOf, ResponseOf } from '../../src/contracts'
import { AppError, catalogueCodeOf } from '../../src/errors'
import type { UserEntity } from '../db/entities'
import { answerEncoding, KEPT_ANSWER } from './compression'
import type { KeptAnswer, ReadCache } from './read-cache'

/** What a handler receives: the validated input and, for signed-in calls, the caller. */
interface HandlerInput<E extends EndpointSpec> {
  body: BodyOf<E>
  query: QueryOf<E>
  params: { readonly [K in PathParams<E['path']>]: string }
  user: E['access'] extends 'public' ? null : E['access'] extends 'optional' ? UserEntity | null : UserEntity
  ctx: Context
}

/** An answer a handler has already written as JSON text (of a `T`), sent as it is. */
export class JsonAnswer<T> {
  private declare readonly of: T
  constructor(readonly json: string) {}
}

/**
 * A handler returns the response body, or its JSON text; `undefined` means 204 unless it set
 * `ctx.body` itself (files and images).
 */
export type Handler<E extends EndpointSpec> = (input: HandlerInput<E>) => Promise<ResponseOf<E> | JsonAnswer<ResponseOf<E>> | undefined>

/**
 * Resolves the caller of a request from its Authorization header; the endpoint decides whether a
 * personal access token may make the call.
 */
export type Authenticate = (authorization: string | undefined, endpoint: EndpointSpec) => Promise<UserEntity>

/**
 * Whether a request's body or query holds a NUL character in any text: nobody types one, and
 * PostgreSQL's text columns cannot store one, so both engines refuse it alike. Walked with a stack
 * of its own: a body may nest deeper than the call stack.
 */
function holdsNul(value: unknown): boolean {
  const pending: unknown[] = [value]
  while (pending.length > 0) {
    const next = pending.pop()
    if (typeof next === 'string') {
      if (next.includes('\u0000')) return true
    } else if (next !== null && typeof next === 'object') {
      // Keys are not stored: a contract keeps only the keys it names.
      for (const item of Object.values(next)) pending.push(item)
    }
  }
  return false
}

/** A contract field may name its own catalogue code as its error (e.g. the statistics period); any other failure is `invalid payload`. */
function parse<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  if (holdsNul(value)) throw new AppError('invalid_payload')
  const result = schema.safeParse(value)
  if (!result.success) throw new AppError(catalogueCodeOf(result.error.issues[0]?.message) ?? 'invalid_payload')
  return result.data
}

export interface BindOptions {
  /** Caches the JSON answer per caller and URL until the next committed write. */
  cache?: ReadCache
  /** Reads a multipart upload once the caller is allowed. */
  upload?: Middleware
}

/** Sends a kept answer's text, and lets `answerCompression` keep the bytes it compresses it to. */
function keep(ctx: Context, answer: KeptAnswer): void {
  ctx.body = answer.json
  ctx.state[KEPT_ANSWER] = answer
}

/**
 * Binds an endpoint of the shared contract to a handler: checks access (401/403), reads a
 * multipart upload (`options.upload`) only once the caller is allowed — so anonymous requests
 * never reach the disk —, validates the body and query with the contract's schemas
 * (400 `invalid payload`), and writes the answer.
 */
export function bind<const E extends EndpointSpec>(
  router: Router,
  authenticate: Authenticate,
  endpoint: E,
  handler: Handler<NoInfer<E>>,
  options: BindOptions = {},
): void {
  const method = endpoint.method.toLowerCase() as 'get' | 'post' | 'patch' | 'delete'
  router[method](endpoint.path, async (ctx) => {
    let user: UserEntity | null = null
    const authorization = ctx.get('authorization') || undefined
    if (endpoint.access !== 'public' && (endpoint.access !== 'optional' || authorization !== undefined)) {
      user = await authenticate(authorization, endpoint)
      if (endpoint.access === 'admin' && !user.admin) throw new AppError('forbidden')
    }
    if (options.upload) await options.upload(ctx, () => respond(ctx, user))
    else await respond(ctx, user)
  })

  async function respond(ctx: RouterContext, user: UserEntity | null): Promise<void> {
    // Cached per caller (and their token version) and full URL; only JSON answers are kept.
    const cacheKey = options.cache ? `${user?.id ?? 0}:${user?.tokenVersion ?? 0}:${ctx.url}` : null
    const cached = cacheKey ? options.cache?.get(cacheKey) : undefined
    // Taken before reading: an answer computed across a commit is not stored.
    const generation = options.cache?.generation() ?? 0
    if (cached !== undefined) {
      ctx.type = 'application/json'
      // The bytes a first answer in this encoding was sent as, else its text (compressed on the way out, then kept).
      const encoding = answerEncoding(ctx)
      const encoded = encoding ? cached.encoded.get(encoding) : undefined
      if (encoding && encoded) {
        ctx.body = encoded
        ctx.set('Content-Encoding', encoding)
      } else keep(ctx, cached)
      return
    }
    const body = endpoint.body && endpoint.body !== 'multipart' ? parse(endpoint.body, ctx.request.body) : undefined
    const query = endpoint.query ? parse(endpoint.query, ctx.query) : undefined
    // The contract's schemas produced body and query, and the router matched the path's params.
    const input = { body, query, params: ctx.params, user, ctx } as unknown as HandlerInput<E>
    const result = await handler(input)
    if (result !== undefined) {
      // Failures throw, so a returned result is a success.
      const json = result instanceof JsonAnswer ? result.json : null
      if (cacheKey) {
        const answer: KeptAnswer = { json: json ?? JSON.stringify(result), encoded: new Map() }
        await options.cache?.beforeSet?.()
        options.cache?.set(cacheKey, answer, generation)
        ctx.type = 'application/json'
        keep(ctx, answer)
      } else if (json !== null) {
        ctx.type = 'application/json'
        ctx.body = json
      } else ctx.body = result
    } else if (ctx.body === undefined || ctx.body === null) ctx.status = 204
  }
}
