import { apiResource } from './endpoints.server'
import { adminAccessEndpoints } from './admin/access.server'
import { adminBankPaperEndpoints } from './admin/bank-papers.server'
import { adminCouponEndpoints } from './admin/coupons.server'
import { adminDoubtEndpoints } from './admin/doubts.server'
import { adminEnrolmentEndpoints } from './admin/enrolments.server'
import { adminLiveMockEndpoints } from './admin/live-mocks.server'
import { adminQuizEndpoints } from './admin/quizzes.server'
import { adminRefundEndpoints } from './admin/refunds.server'
import { adminQuizImageEndpoints } from './admin/quiz-images.server'
import { adminQuestionEndpoints } from './admin/questions.server'
import { adminUserEndpoints } from './admin/users.server'

// /api/v1/admin/*: staff or admin only (401 signed out, 403 JSON otherwise). The old admin router checked the
// session before routing, so even an unknown path answers 401 to a signed-out caller. One table, its rows kept by
// resource in ./admin/.

export const adminApi = apiResource({
  mount: '/api/v1/admin',
  signInBeforeRouting: true,
  endpoints: [
    ...adminUserEndpoints,
    ...adminEnrolmentEndpoints,
    ...adminAccessEndpoints,
    ...adminCouponEndpoints,
    ...adminQuizEndpoints,
    ...adminRefundEndpoints,
    ...adminQuizImageEndpoints,
    ...adminQuestionEndpoints,
    ...adminBankPaperEndpoints,
    ...adminLiveMockEndpoints,
    ...adminDoubtEndpoints,
  ],
})
