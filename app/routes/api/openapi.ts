import { z } from 'zod'
import { json } from '~/utils/api.server'
import { apiResource, endpoint } from '~/utils/api-endpoints.server'
import { openApiDocument } from '~/utils/openapi.server'
import { resource as admin } from './admin'
import { resource as courses } from './courses'
import { resource as orders } from './orders'
import { resource as quiz } from './quiz'
import { resource as users } from './users'

// GET /api/v1/openapi.json, and the list of every v1 resource table: the one list the document, the route
// inventory of the tests and the authorization matrix read (docs/decisions/007-api-as-data.md).

let document: ReturnType<typeof openApiDocument> | undefined

export const resource = apiResource({
  mount: '/api/v1/openapi.json',
  endpoints: [
    endpoint({
      method: 'GET',
      path: '/',
      summary: 'This document: every v1 endpoint with its guard, request body and answers',
      guard: 'public',
      success: {
        200: z
          .object({ openapi: z.literal('3.1.0') })
          .loose()
          .describe('An OpenAPI 3.1 document'),
      },
      errors: {},
      handler: () => json((document ??= openApiDocument(v1Resources))),
    }),
  ],
})
export const { loader, action } = resource

export const v1Resources = [users, courses, orders, quiz, admin, resource]
