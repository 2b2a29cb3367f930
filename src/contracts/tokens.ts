import { z } from 'zod'
import { httpDateSchema } from './common'
import { endpoint } from './endpoint'

/** What a personal access token may do: read only (GET calls), or also change the owner's data. */
const tokenScopes = ['read', 'read+write'] as const
export type TokenScope = (typeof tokenScopes)[number]

/** Lifetimes offered for a new token, in days (`null`: until revoked). */
const TOKEN_LIFETIME_DAYS_MAX = 3650

export const createTokenBody = z
  .object({
    name: z.string().trim().min(1).max(80),
    scope: z.enum(tokenScopes),
    expires_in_days: z.number().int().min(1).max(TOKEN_LIFETIME_DAYS_MAX).nullable(),
  })
  .strict()

/** A personal access token as listed: never its secret. */
const accessTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  scope: z.enum(tokenScopes),
  created_at: httpDateSchema,
  expires_at: httpDateSchema.nullable(),
  last_used_at: httpDateSchema.nullable(),
})
export type AccessToken = z.infer<typeof accessTokenSchema>

const accessTokensResponseSchema = z.object({ status: z.literal('success'), data: z.object({ tokens: z.array(accessTokenSchema) }) })
export type AccessTokensResponse = z.infer<typeof accessTokensResponseSchema>

/** The answer to a creation: the only time the secret is shown. */
const createdTokenResponseSchema = z.object({
  status: z.literal('created'),
  data: z.object({ token: accessTokenSchema, secret: z.string() }),
})
export type CreatedTokenResponse = z.infer<typeof createdTokenResponseSchema>

// Managing tokens is account security: only a signed-in session may do it (`sessionOnly`).
export const tokenEndpoints = {
  listAccessTokens: endpoint()({ method: 'GET', path: '/auth/tokens', access: 'user', sessionOnly: true, response: accessTokensResponseSchema }),
  createAccessToken: endpoint()({
    method: 'POST',
    path: '/auth/tokens',
    access: 'user',
    sessionOnly: true,
    body: createTokenBody,
    response: createdTokenResponseSchema,
  }),
  revokeAccessToken: endpoint<void>()({ method: 'DELETE', path: '/auth/tokens/:tokenId', access: 'user', sessionOnly: true }),
  /** Administrators see any user's tokens and revoke one (a leaked script's, a departing app's). */
  listUserAccessTokens: endpoint()({ method: 'GET', path: '/users/:username/tokens', access: 'admin', response: accessTokensResponseSchema }),
  revokeUserAccessToken: endpoint<void>()({ method: 'DELETE', path: '/users/:username/tokens/:tokenId', access: 'admin' }),
}
