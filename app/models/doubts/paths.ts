// Where a doubt lives on the site (decision 034); shared by pages, e-mails and the API's links. No server code, so
// components may import it.

/** A lecture's doubts page (all answered doubts, paginated, and the form). */
export const lectureDoubtsPath = (courseId: string, lectureId: string) => `/my-courses/${courseId}/doubts/${lectureId}`
/** A question's doubts page, from the result page's review. */
export const questionDoubtsPath = (quizId: string, questionId: string) => `/quiz/result/${quizId}/doubts/${questionId}`
/** One doubt within its page. */
export const doubtAnchor = (doubtId: string) => `doubt-${doubtId}`
