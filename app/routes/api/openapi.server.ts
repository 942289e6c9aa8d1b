import { z } from 'zod'
import { json } from '~/utils/api.server'
import { apiResource, endpoint } from './endpoints.server'
import { openApiDocument } from './openapi-document.server'
import { adminApi } from './admin.server'
import { coursesApi } from './courses.server'
import { lecturesApi } from './lectures.server'
import { ordersApi } from './orders.server'
import { quizApi } from './quiz.server'
import { usersApi } from './users.server'

// GET /api/v1/openapi.json, and the list of every v1 resource table: the one list the document, the route
// inventory of the tests and the authorization matrix read (docs/decisions/007-api-as-data.md).

let document: ReturnType<typeof openApiDocument> | undefined

export const openapiApi = apiResource({
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

export const v1Resources = [usersApi, coursesApi, lecturesApi, ordersApi, quizApi, adminApi, openapiApi]
