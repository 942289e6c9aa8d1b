import { z } from 'zod'
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

export const MODES = ['live', 'recorded'] as const

/** Create Course (file `courseImage` is checked by its bytes on the server). */
export const courseSchema = z
  .object({
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
  })
  .refine((c) => c.discountedPrice <= c.actualPrice, {
    path: ['discountedPrice'],
    message: 'Discounted price cannot be more than the actual price',
  })
export type CourseFields = z.infer<typeof courseSchema>

export const sectionSchema = z.object({
  courseId: required('Course'),
  sectionTitle: required('Section title'),
  lectureTitle: required('Lecture title'),
  videoURL: url('Video URL'),
  noteTitle: z.string().trim().max(200).optional(),
})
export type SectionFields = z.infer<typeof sectionSchema>

export const lectureSchema = z.object({
  sectionId: required('Section'),
  title: required('Lecture title'),
  videoURL: url('Video URL'),
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
