import { quizApi } from './quiz.server'

// /api/v1/quiz: the endpoint table is ./quiz.server.ts (docs/decisions/007-api-as-data.md), kept
// beside this module because React Router's client build refuses a route export that depends on server code.
export const loader = quizApi.loader
export const action = quizApi.action
