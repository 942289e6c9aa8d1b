// The product's fixed numbers and texts in one place: limits, prices, page sizes and timings.
export const BRAND_NAME = 'BioCoach'

// Contact details: config constants, sample values to replace.
export const CONTACT_EMAIL = 'support@biocoach.example'
export const CONTACT_PHONE = '+91 90000 00000'
export const OFFICE_ADDRESS = 'Serampore, Kolkata, West Bengal'

export const PASSWORD_MIN_LENGTH = 8
export const MOBILE_DIGITS = 10
export const PHONE_MIN_LENGTH = 10
export const OTP_DIGITS = 6
export const OTP_RESEND_SECONDS = 15
export const OTP_TTL_MINUTES = 10
export const OTP_MAX_WRONG_TRIES = 5
export const REDIRECT_DELAY_MS = 2000
export const DEFAULT_QUIZ_PRICE = { actualPrice: 399, discountedPrice: 99 } as const
export const MARK_CORRECT = 1
export const MARK_WRONG = -0.25
export const QUIZ_GRACE_SECONDS = 60
export const TESTIMONIAL_MAX_CHARS = 210
export const CONFETTI_PIECES = 300
export const PROFILE_IMAGE_MAX_BYTES = 1024 * 1024

// The fixed B.Sc Hons card's prices differ between the courses list and the home carousel.
export const BSC_CARD_PRICES = {
  coursesList: { actualPrice: 1500, discountedPrice: 999 },
  homeCarousel: { actualPrice: 1200, discountedPrice: 999 },
} as const
export const BSC_TAG = 'b.sc hons.'
export const MSC_TAG = 'm.sc entrance'

export const ADMIN_PAGE_SIZE = 8
export const COUPON_PAGE_SIZE = 5
export const DASHBOARD_LATEST_USERS = 5
export const COUPON_REDIRECT_MS = 1500
export const AI_QUIZ_DEFAULTS = { numQuestions: 5, timeLimit: 10, difficulty: 'medium', category: 'free' } as const

// Toasts
export const TOAST_ERROR_MS = 4000
export const TOAST_SUCCESS_MS = 2000
export const TOAST_MAX = 20

// A session row and its cookie live 30 days; a login or a code verification starts a new one.
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000

// The profile photo's messages, shown by the page before a slow upload and by the server after one. Here, not in
// the Zod schema file, so the profile page's browser code does not pull in Zod (the JS budget).
export const PHOTO_MISSING = 'Please select an image'
export const PHOTO_TOO_BIG = 'The image is larger than 1 MB. Please choose a smaller one.'

// The home carousel shows at most this many M.Sc entrance courses (oldest first: the flagship batches), then the
// B.Sc card and "View All Courses". Unbounded, every course staff add would grow the home page past one TCP first
// flight on 2G; the full list is one tap away on /courses.
export const HOME_CAROUSEL_COURSES = 8
