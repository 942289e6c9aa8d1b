import { index, layout, prefix, route, type RouteConfig } from '@react-router/dev/routes'

// Every screen in one table, grouped by area, so a reader finds any screen in one hop.
export default [
  // Public
  index('routes/public/home.tsx'),
  route('courses', 'routes/courses/list.tsx'),
  route('courses/bsc-hons-batch', 'routes/courses/bsc-hons-batch.tsx'),
  route('courses/bsc-hons-batch/:id', 'routes/courses/semester.tsx'),
  route('courses/:id', 'routes/courses/detail.tsx'),
  route('resources', 'routes/public/resources.tsx'),
  route('about-us', 'routes/public/about-us.tsx'),
  route('faculties', 'routes/public/faculties.tsx'),
  route('developers', 'routes/public/developers.tsx'),

  // Accounts (guest-only pages, profile)
  route('signup', 'routes/auth/signup.tsx'),
  route('login', 'routes/auth/login.tsx'),
  route('forgot-password', 'routes/auth/forgot-password.tsx'),
  route('logout', 'routes/auth/logout.tsx'),
  route('profile', 'routes/profile/index.tsx'),
  route('profile/edit', 'routes/profile/edit.tsx'),
  // A learner's orders and each paid order's receipt or tax invoice (buyer and admins), as a page and a PDF.
  route('profile/purchases', 'routes/profile/purchases.tsx'),
  route('profile/purchases/:orderId/receipt', 'routes/profile/receipt.tsx'),
  route('profile/purchases/:orderId/receipt.pdf', 'routes/profile/receipt-pdf.ts'),
  // The learner's tests over time, accuracy per topic, lectures done.
  route('profile/progress', 'routes/profile/progress.tsx'),
  // The learner's own doubts and their answers.
  route('profile/doubts', 'routes/profile/doubts.tsx'),

  // Buying and learning
  route('my-courses/:id', 'routes/learn/player.tsx'),
  route('my-courses/:id/notes/:lectureId', 'routes/learn/note.ts'),
  // A lecture video's position and 'Data saver' posts; its files, each address signed for one learner.
  route('my-courses/:id/video', 'routes/learn/video-prefs.ts'),
  // A lecture's doubts: every answered one, paginated, and the form (the player shows the first page).
  route('my-courses/:id/doubts/:lectureId', 'routes/learn/lecture-doubts.tsx'),
  route('video/:token/*', 'routes/video.ts'),
  route('checkout/:id', 'routes/buy/checkout.tsx'),
  route('payment-success', 'routes/buy/payment-success.tsx'),
  route('payments/razorpay/callback', 'routes/buy/razorpay-callback.ts'),
  route('payments/demo/:orderId', 'routes/buy/demo-gateway.tsx'),
  route('quizzes/unlock', 'routes/buy/unlock-quizzes.tsx'),
  // A learner's live-class calendar feed; :file is "{token}.ics".
  route('calendar/:file', 'routes/learn/calendar.ts'),

  // Mock tests
  route('quizzes', 'routes/quiz/list.tsx'),
  route('quiz/result/:quizId', 'routes/quiz/result.tsx'),
  // A question's doubts, from the result's review (after submission only).
  route('quiz/result/:quizId/doubts/:questionId', 'routes/quiz/question-doubts.tsx'),
  route('quiz/leaderboard/:quizId', 'routes/quiz/leaderboard.tsx'),
  route('quiz/:quizId', 'routes/quiz/attempt.tsx'),
  // Practice: tests drawn from the question bank, previous year papers, mistakes and saved questions (never ranked).
  route('practice', 'routes/practice/index.tsx'),
  route('practice/pyq', 'routes/practice/pyq.tsx'),
  route('practice/sets/:setId', 'routes/practice/set.tsx'),
  route('practice/sets/:setId/result', 'routes/practice/set-result.tsx'),
  // The open attempt's questions as JSON, fetched by the test view once it has hydrated.
  route('quiz/:quizId/paper', 'routes/quiz/paper.ts'),
  // The enhanced quiz page's Start: the attempt and the test's first screen in one JSON answer.
  route('quiz/:quizId/start', 'routes/quiz/start.ts'),
  // A quiz image; explanation images only after that learner submits.
  route('quiz-images/:imageId/:name', 'routes/quiz/image.ts'),

  // Admin area
  ...prefix('admin', [
    layout('routes/admin/layout.tsx', [
      index('routes/admin/index.tsx'),
      route('dashboard', 'routes/admin/dashboard.tsx'),
      route('all-users', 'routes/admin/all-users.tsx'),
      route('all-courses', 'routes/admin/all-courses.tsx'),
      route('premium-users', 'routes/admin/premium-users.tsx'),
      route('premium-users/:courseId', 'routes/admin/course-users.tsx'),
      route('create-course', 'routes/admin/create-course.tsx'),
      route('edit-course/:courseId', 'routes/admin/edit-course.tsx'),
      route('add-section', 'routes/admin/add-section.tsx'),
      route('add-lecture', 'routes/admin/add-lecture.tsx'),
      // A course's sections and lectures: edit, move, delete (staff).
      route('course-content/:courseId', 'routes/admin/course-content.tsx'),
      route('course-content/:courseId/section/:sectionId', 'routes/admin/course-content-section.tsx'),
      route('course-content/:courseId/lecture/:lectureId', 'routes/admin/course-content-lecture.tsx'),
      // A course's live classes: schedule, edit, cancel, recordings (staff).
      route('live-classes/:courseId', 'routes/admin/live-classes.tsx'),
      route('coupons', 'routes/admin/coupons.tsx'),
      route('create-coupon', 'routes/admin/create-coupon.tsx'),
      route('quizzes', 'routes/admin/quizzes.tsx'),
      route('create-quiz', 'routes/admin/create-quiz.tsx'),
      route('edit-quiz/:quizId', 'routes/admin/edit-quiz.tsx'),
      // Add questions from the bank to a paper: pick them, or draw a blueprint (staff).
      route('quiz-from-bank/:quizId', 'routes/admin/quiz-from-bank.tsx'),
      route('quiz-result/:quizId', 'routes/admin/quiz-result.tsx'),
      // The question bank (staff): search, tag and retire; add and edit a question.
      route('questions', 'routes/admin/questions.tsx'),
      route('questions/new', 'routes/admin/questions-new.tsx'),
      route('questions/:questionId', 'routes/admin/questions-edit.tsx'),
      route('reset-quiz-price', 'routes/admin/reset-quiz-price.tsx'),
      route('audit-log', 'routes/admin/audit-log.tsx'),
      // Learners' doubts: answer, resolve, hide.
      route('doubts', 'routes/admin/doubts.tsx'),
      // The payments page with its reconciliation, admin only.
      route('payments', 'routes/admin/payments.tsx'),
      route('payments/:orderId/refund', 'routes/admin/refund.tsx'),
      // Quiz statistics
      route('quiz-stats/:quizId', 'routes/admin/quiz-stats.tsx'),
    ]),
    // A lecture video's resumable upload (JSON and raw chunks, not pages), outside the layout.
    route('video-uploads', 'routes/admin/video-uploads.ts'),
    route('video-uploads/:uploadId', 'routes/admin/video-upload.ts'),
    // CSV exports; resource routes (files, not pages), outside the layout.
    route('export/payments.csv', 'routes/admin/export/payments-csv.ts'),
    route('export/users.csv', 'routes/admin/export/users-csv.ts'),
    // :file is "{quizId}.csv"
    route('export/quiz-results/:file', 'routes/admin/export/quiz-results-csv.ts'),
  ]),

  // Plumbing
  route('theme', 'routes/system/theme.ts'),
  route('healthz', 'routes/system/healthz.ts'),
  route('uploads/*', 'routes/system/uploads.ts'),
  // A doubt's or its answer's image; :which is 'question' or 'answer'. Served after the doubt's access check.
  route('doubt-images/:doubtId/:which', 'routes/system/doubt-image.ts'),

  // v1 JSON API (docs/legacy-api.md): one module per resource, whose table of endpoints is its .server.ts sibling
  // (docs/decisions/007-api-as-data.md), described at /api/v1/openapi.json.
  ...prefix('api/v1', [
    route('users/*', 'routes/api/users.ts'),
    route('courses/*', 'routes/api/courses.ts'),
    route('orders/*', 'routes/api/orders.ts'),
    route('quiz/*', 'routes/api/quiz.ts'),
    route('lectures/*', 'routes/api/lectures.ts'),
    route('admin/*', 'routes/api/admin.ts'),
    route('openapi.json', 'routes/api/openapi.ts'),
    route('*', 'routes/api/not-found.ts'),
  ]),

  // /{linkAddress} -> 301 /courses/{linkAddress}; anything else is the 404 page.
  route(':id', 'routes/public/course-redirect.tsx'),
  route('*', 'routes/public/not-found.tsx'),
] satisfies RouteConfig
