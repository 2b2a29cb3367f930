import { z } from 'zod'
import { endpoints, type EndpointSpec, type OpenApiDocument } from '../../src/contracts'
import { wireErrorSchema } from '../../src/errors'

/** A JSON Schema (2020-12, the dialect of OpenAPI 3.1) as zod writes it. */
type JsonSchema = Record<string, unknown>

/**
 * The JSON Schema of a contract schema. `io: 'input'` documents what a client sends (before
 * defaults and coercion); transforms have no JSON Schema and are documented by their input.
 */
function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema
  return rest
}

/** `/workouts/:id` → `/workouts/{id}`. */
function openApiPathOf(path: string): string {
  return path.replace(/:(\w+)/g, '{$1}')
}

function parametersOf(spec: EndpointSpec): JsonSchema[] {
  const inPath = [...spec.path.matchAll(/:(\w+)/g)].map(([, name]) => ({ name, in: 'path', required: true, schema: { type: 'string' } }))
  if (!spec.query) return inPath
  const query = jsonSchemaOf(spec.query, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] }
  const inQuery = Object.entries(query.properties ?? {}).map(([name, schema]) => ({
    name,
    in: 'query',
    required: query.required?.includes(name) ?? false,
    schema,
  }))
  return [...inPath, ...inQuery]
}

function requestBodyOf(spec: EndpointSpec): JsonSchema | undefined {
  if (spec.body === undefined) return undefined
  if (spec.body === 'multipart') {
    const form = {
      type: 'object',
      required: ['file'],
      properties: { file: { type: 'string', contentMediaType: 'application/octet-stream' }, data: { type: 'string', description: 'JSON text' } },
    }
    return { required: true, content: { 'multipart/form-data': { schema: form } } }
  }
  return { required: true, content: { 'application/json': { schema: jsonSchemaOf(spec.body, 'input') } } }
}

/**
 * The success answer: a file, JSON described by the call's response schema, or nothing (204, the
 * deletions; the OpenAPI test checks that every other call has a schema or a file type).
 */
function successOf(spec: EndpointSpec): Record<string, JsonSchema> {
  const media = spec.file
  if (media) return { '200': { description: 'the file', content: { [media]: { schema: { type: 'string', contentMediaType: media } } } } }
  if (spec.response) {
    // 200, or 201 for what the call created (the reference tracker's `created`).
    return { '2XX': { description: 'success', content: { 'application/json': { schema: jsonSchemaOf(spec.response, 'output') } } } }
  }
  return { '204': { description: 'done' } }
}

/**
 * The OpenAPI 3.1 description of every call of the contract (`src/contracts`), generated from the
 * same zod schemas the server validates with and types its handlers by. Errors share one schema,
 * the wire error of the catalogue.
 */
export function openApiDocument(version: string): OpenApiDocument {
  const paths: Record<string, Record<string, JsonSchema>> = {}
  for (const [name, spec] of Object.entries<EndpointSpec>(endpoints)) {
    const operations = (paths[`/api${openApiPathOf(spec.path)}`] ??= {})
    const body = requestBodyOf(spec)
    operations[spec.method.toLowerCase()] = {
      operationId: name,
      ...(spec.access === 'admin' ? { description: 'Administrators only.' } : {}),
      // `{}`: the call may also be made without a token.
      security: spec.access === 'public' ? [] : spec.access === 'optional' ? [{ bearer: [] }, {}] : [{ bearer: [] }],
      parameters: parametersOf(spec),
      ...(body ? { requestBody: body } : {}),
      responses: {
        ...successOf(spec),
        default: { description: 'a catalogued error', content: { 'application/json': { schema: { $ref: '#/components/schemas/WireError' } } } },
      },
    }
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Waymark API', version },
    paths,
    components: {
      schemas: { WireError: jsonSchemaOf(wireErrorSchema, 'output') },
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'a session token (POST /api/auth/login) or a personal access token (wmk_…)' },
      },
    },
  }
}
