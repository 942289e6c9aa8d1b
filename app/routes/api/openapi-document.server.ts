import { z, type ZodType } from 'zod'
import { ID_PATTERN } from '~/lib/ids'
import { ApiErrorShape } from '~/presenters/v1-shapes'
import { fullPath, type ApiResource, type Endpoint, type ErrorAnswer, type SuccessAnswer } from './endpoints.server'

// The OpenAPI 3.1 description of /api/v1, generated from the endpoint tables and their zod schemas (zod 4's JSON
// Schema output is 2020-12, the dialect OpenAPI 3.1 embeds). Nothing here is written by hand per endpoint: the
// answers every endpoint shares (the guard's 401/403, body reading, the auth-post limit, 500) are added by rule.

type JsonSchema = Record<string, unknown>

function schemaOf(schema: ZodType, io: 'input' | 'output'): JsonSchema {
  // `unrepresentable: 'any'`: preprocessing steps of the form schemas have no JSON Schema; their target type is
  // still described (the handlers' checks, not the document, decide what is accepted).
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
  }) as JsonSchema
  return rest
}

const API_ERROR_REF = { $ref: '#/components/schemas/ApiError' }

/** The errors every endpoint of a kind can answer, besides its own. */
function sharedErrors(e: Endpoint): Record<number, string> {
  const errors: Record<number, string> = { 500: 'Internal Server Error' }
  if (e.guard !== 'public') errors[401] = 'Unauthorized request (not signed in)'
  if (e.guard === 'staff' || e.guard === 'admin')
    errors[403] = `Forbidden (${e.guard === 'admin' ? 'admin only' : 'admin or instructor only'})`
  if (e.body && 'json' in e.body) {
    Object.assign(errors, {
      400: 'Malformed JSON body',
      413: 'Request body too large',
      415: 'Content-Type must be application/json',
    })
  }
  if (e.authPostLimit) errors[429] = 'Too many requests (30 auth posts a minute per address, pages and API together)'
  return errors
}

function successResponse(answer: SuccessAnswer) {
  if ('file' in answer) {
    return {
      description: answer.file,
      content: {
        'application/octet-stream': { schema: { type: 'string', contentMediaType: 'application/octet-stream' } },
      },
    }
  }
  if ('redirect' in answer)
    return { description: answer.redirect, headers: { Location: { schema: { type: 'string', format: 'uri' } } } }
  const schema = schemaOf(answer, 'output')
  return { description: String(schema.description ?? 'Success'), content: { 'application/json': { schema } } }
}

function errorResponses(e: Endpoint) {
  const own: Record<number, ErrorAnswer> = e.errors
  const shared = sharedErrors(e)
  const statuses = [...new Set([...Object.keys(own), ...Object.keys(shared)].map(Number))].sort((a, b) => a - b)
  return Object.fromEntries(
    statuses.map((status) => {
      const answer = own[status]
      const descriptions = [typeof answer === 'object' ? answer.description : answer, shared[status]].filter(Boolean)
      const schema = typeof answer === 'object' ? schemaOf(answer.schema, 'output') : API_ERROR_REF
      // An endpoint whose own error has another shape may still answer the shared one in ApiError shape.
      const content = typeof answer === 'object' && shared[status] ? { anyOf: [schema, API_ERROR_REF] } : schema
      return [status, { description: descriptions.join('; or '), content: { 'application/json': { schema: content } } }]
    }),
  )
}

function requestBody(e: Endpoint) {
  if (!e.body) return undefined
  if ('raw' in e.body)
    return { required: true, description: e.body.raw, content: { 'application/json': { schema: { type: 'object' } } } }
  // An endpoint may read JSON or multipart (an optional file beside the same fields): both are documented.
  const json = 'json' in e.body ? { 'application/json': { schema: schemaOf(e.body.json, 'input') } } : {}
  const multipart =
    'multipart' in e.body && e.body.multipart
      ? { 'multipart/form-data': { schema: schemaOf(e.body.multipart, 'input') } }
      : {}
  return { required: true, content: { ...json, ...multipart } }
}

function parameters(path: string, e: Endpoint) {
  const inPath = [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
    name,
    in: 'path',
    required: true,
    schema: e.idParams?.includes(name) ? { type: 'string', pattern: ID_PATTERN.source } : { type: 'string' },
  }))
  if (!e.query) return inPath
  const query = schemaOf(e.query, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] }
  const inQuery = Object.entries(query.properties ?? {}).map(([name, schema]) => ({
    name,
    in: 'query',
    required: query.required?.includes(name) ?? false,
    schema,
  }))
  return [...inPath, ...inQuery]
}

/** 'POST /api/v1/users/verify-otp' -> 'postUsersVerifyOtp'. */
function operationId(method: string, path: string) {
  const words = path
    .replace('/api/v1/', '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
  return method.toLowerCase() + words.map((w) => w[0].toUpperCase() + w.slice(1)).join('')
}

function operation(resource: ApiResource, e: Endpoint) {
  const path = fullPath(resource, e).replace(/:(\w+)/g, '{$1}')
  const body = requestBody(e)
  return {
    path,
    operation: {
      operationId: operationId(e.method, path),
      summary: e.summary,
      tags: [resource.mount.replace('/api/v1/', '')],
      'x-guard': e.guard,
      security: e.guard === 'public' ? [] : [{ session: [] }],
      parameters: parameters(path, e),
      ...(body ? { requestBody: body } : {}),
      responses: {
        ...Object.fromEntries(Object.entries(e.success).map(([status, answer]) => [status, successResponse(answer)])),
        ...errorResponses(e),
      },
    },
  }
}

export function openApiDocument(resources: ApiResource[]) {
  const paths: Record<string, Record<string, unknown>> = {}
  for (const resource of resources) {
    for (const e of resource.endpoints) {
      const { path, operation: op } = operation(resource, e)
      paths[path] = { ...paths[path], [e.method.toLowerCase()]: op }
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'BioCoach v1 API',
      version: '1',
      description:
        "The old client's wire contract (docs/legacy-api.md), with its deliberate differences. Generated from the " +
        'endpoint tables in app/routes/api/. `x-guard`: public, signedIn, staff (admin or instructor) or admin.',
    },
    components: {
      securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: '__session' } },
      schemas: { ApiError: schemaOf(ApiErrorShape, 'output') },
    },
    paths,
  }
}
