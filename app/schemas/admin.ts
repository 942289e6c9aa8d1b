import { z } from 'zod'
import { isCalendarDate } from '~/lib/dates'
import { parsePlainDecimal } from '~/lib/pricing'

// Admin forms, shared by the pages (Conform) and the API twins. Field names are the v1 bodies'
// (docs/legacy-api.md §2.5), so a page and its API twin read one shape.

const required = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(2000)
/**
 * A typed number field (a form's text or a JSON client's number or string): text is read as plain decimal only
 * (parsePlainDecimal: "0x10" and "1e2" are refused, not read as 16 and 100), blank or null is missing. The
 * same rule for every price, percentage and count, on the pages (Conform) and in the API.
 */
const typedNumber = (schema: z.ZodNumber) =>
  z.preprocess((v) => (typeof v === 'string' ? parsePlainDecimal(v) : v === null ? undefined : v), schema)

const price = (label: string) =>
  typedNumber(
    z
      .number({ error: (i) => (i.input === undefined ? `${label} is required` : `${label} must be a number`) })
      .int(`${label} must be whole rupees`)
      .min(0, `${label} cannot be negative`)
      .max(10_000_000),
  )
const url = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .pipe(z.url({ protocol: /^https?$/, error: `${label} must be a URL` }))

/**
 * A lecture's video link, optional: a lecture may have its own uploaded video instead (docs/decisions/033-lecture-video.md);
 * whether it has one or the other is checked where the file is known. Blank is missing.
 */
const optionalUrl = (label: string) =>
  z
    .string()
    .trim()
    .transform((v) => v || undefined)
    .pipe(z.url({ protocol: /^https?$/, error: `${label} must be a URL` }).optional())
    .optional()

export const MODES = ['live', 'recorded'] as const

/** How long one payment gives access: whole days, at most ten years; null (an empty field) is for good. */
export const ACCESS_DAYS_MAX = 3660
const ACCESS_DAYS_RULE = `Access days must be a whole number from 1 to ${ACCESS_DAYS_MAX}, or empty for good`

/**
 * `accessDays`: a number, or text read as plain decimal (a form's field, a multipart part); null or blank text is
 * "for good" (null), distinct from a missing field (undefined: unchanged on an update, for good on create).
 */
export const accessDaysField = z.preprocess(
  (v) => (v === null ? null : typeof v === 'string' ? (parsePlainDecimal(v) ?? null) : v),
  z
    .number({ error: ACCESS_DAYS_RULE })
    .int(ACCESS_DAYS_RULE)
    .min(1, ACCESS_DAYS_RULE)
    .max(ACCESS_DAYS_MAX, ACCESS_DAYS_RULE)
    .nullable(),
)

/**
 * `published`: a JSON boolean, or a form's text: 'on' (a ticked checkbox) or 'true' is true, 'false' false; anything
 * else is refused rather than guessed.
 */
export const publishedField = z.preprocess(
  (v) => (v === 'on' || v === 'true' ? true : v === 'false' ? false : v),
  z.boolean({ error: 'Published must be true or false' }),
)

/** The course fields one by one (the create and edit forms and the API read these names). */
const courseFields = z.object({
  cardTitle: required('Card title'),
  subTitle: required('Subtitle'),
  courseTag: required('Course tag'),
  mode: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
    z.enum(MODES, { error: 'Mode must be Live or Recorded' }),
  ),
  language: required('Language'),
  actualPrice: price('Actual price'),
  discountedPrice: price('Discounted price'),
  courseTitle: required('Course title'),
  courseDescription: required('Course description'),
  whatsappLink: url('WhatsApp link'),
  grantsQuizAccess: z.preprocess((v) => v === true || v === 'on' || v === 'true', z.boolean()).optional(),
  // Optional on create: a client that sends neither makes a published course with access for good.
  published: publishedField.optional(),
  accessDays: accessDaysField.optional(),
})

export const COURSE_PRICE_ORDER = 'Discounted price cannot be more than the actual price'
const pricesInOrder = (c: { actualPrice?: number; discountedPrice?: number }) =>
  c.actualPrice === undefined || c.discountedPrice === undefined || c.discountedPrice <= c.actualPrice

/** Create Course and Edit Course (file `courseImage` is checked by its bytes on the server). */
export const courseSchema = courseFields.refine(pricesInOrder, {
  path: ['discountedPrice'],
  message: COURSE_PRICE_ORDER,
})
export type CourseFields = z.infer<typeof courseSchema>

/**
 * The course API's update: every field optional (a partial update). A price sent alone is checked against the
 * stored other price by the model, which alone knows it.
 */
export const courseUpdateSchema = courseFields
  .partial()
  .refine(pricesInOrder, { path: ['discountedPrice'], message: COURSE_PRICE_ORDER })
export type CourseChanges = z.infer<typeof courseUpdateSchema>

/**
 * The course form posts every field, but an unticked checkbox and an empty field are absent from what Conform
 * parses: on that form they mean off and for good, so the page sends the model a complete course.
 */
export type CompleteCourseFields = CourseFields & {
  grantsQuizAccess: boolean
  published: boolean
  accessDays: number | null
}
export const fromCourseForm = (value: CourseFields): CompleteCourseFields => ({
  ...value,
  grantsQuizAccess: value.grantsQuizAccess ?? false,
  published: value.published ?? false,
  accessDays: value.accessDays ?? null,
})

export const sectionSchema = z.object({
  courseId: required('Course'),
  sectionTitle: required('Section title'),
  lectureTitle: required('Lecture title'),
  videoURL: optionalUrl('Video URL'),
  noteTitle: z.string().trim().max(200).optional(),
})
export type SectionFields = z.infer<typeof sectionSchema>

export const lectureSchema = z.object({
  sectionId: required('Section'),
  title: required('Lecture title'),
  videoURL: optionalUrl('Video URL'),
  noteTitle: z.string().trim().max(200).optional(),
})
export type LectureFields = z.infer<typeof lectureSchema>

export const couponSchema = z.object({
  couponCode: z
    .string({ error: 'Coupon code is required' })
    .trim()
    .min(1, 'Coupon code is required')
    .max(40, 'Coupon code is too long')
    .regex(/^[A-Za-z0-9_-]+$/, 'Use letters, digits, - or _ only'),
  discount: typedNumber(
    z
      .number({ error: (i) => (i.input === undefined ? 'Discount is required' : 'Discount must be a number') })
      .int('Discount must be a whole number')
      .min(1, 'Discount must be between 1 and 100')
      .max(100, 'Discount must be between 1 and 100'),
  ),
  courseId: required('Course'),
  expiresAt: z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a date')
    .refine(isCalendarDate, 'Enter a real date')
    .optional(),
  usageLimit: typedNumber(
    z.number({ error: 'Usage limit must be a number' }).int().min(1, 'Usage limit must be at least 1').max(1_000_000),
  ).optional(),
})
export type CouponFields = z.infer<typeof couponSchema>

const bothRequired = typedNumber(
  z
    .number({ error: (i) => (i.input === undefined ? 'Both prices are required' : 'Enter a number') })
    .int('Enter whole rupees')
    .min(0, 'Prices cannot be negative')
    .max(1_000_000),
)

/** Reset Quiz Price: equal prices pass although the message says 'less than'. */
export const quizPriceSchema = z
  .object({ actualPrice: bothRequired, discountedPrice: bothRequired })
  .refine((p) => p.discountedPrice <= p.actualPrice, {
    path: ['discountedPrice'],
    message: 'Discounted price must be less than Actual Price',
  })
export type QuizPriceFields = z.infer<typeof quizPriceSchema>

export const searchSchema = z.object({
  q: z.string().trim().max(100).catch(''),
  page: z.coerce.number().int().min(1).catch(1),
})

/** ?q=&page= from a URL, never throwing (bad values fall back to page 1, no filter). */
export function readListParams(request: Request) {
  const url = new URL(request.url)
  return searchSchema.parse({ q: url.searchParams.get('q') ?? '', page: url.searchParams.get('page') ?? '1' })
}
