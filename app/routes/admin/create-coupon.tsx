import { getFormProps, getInputProps, getSelectProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { useEffect } from 'react'
import { data, Form, useNavigate } from 'react-router'
import { ErrorList, Field, StatusButton } from '~/components/forms'
import { SelectField } from '~/components/admin/select-field'
import { PageTitle, useHydrated } from '~/components/admin/ui'
import { COUPON_REDIRECT_MS } from '~/lib/constants'
import { CouponError, createCoupon } from '~/models/money/coupon.server'
import { listCoursesWithCounts } from '~/models/catalogue/course.server'
import { couponSchema } from '~/schemas/admin'
import { readForm } from '~/utils/body.server'
import { requireRole } from '~/auth/guard.server'
import { dataWithSuccess, redirectWithSuccess } from '~/utils/toast.server'
import type { Route } from './+types/create-coupon'

// Create Coupon (admin only). With JS: 'Submitting...', the form clears and after 1.5 s the page goes to
// /admin/coupons; without JS the server redirects there at once with the toast.
export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, 'admin')
  const courses = await listCoursesWithCounts()
  return { courses: courses.map((c) => ({ id: c.id, courseTitle: c.courseTitle })) }
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireRole(request, 'admin')
  const formData = await readForm(request)
  const submission = parseWithZod(formData, { schema: couponSchema })
  if (submission.status !== 'success') return data({ result: submission.reply(), done: false }, { status: 400 })
  try {
    await createCoupon({ actorId: admin.id, fields: submission.value })
  } catch (error) {
    if (error instanceof CouponError)
      return data({ result: submission.reply({ formErrors: [error.message] }), done: false }, { status: error.status })
    throw error
  }
  if (formData.get('_js') === '1')
    return dataWithSuccess(
      { result: submission.reply({ resetForm: true }), done: true },
      'Coupon created successfully!',
    )
  throw await redirectWithSuccess('/admin/coupons', 'Coupon created successfully!')
}

export const meta: Route.MetaFunction = () => [{ title: 'Create Coupon | Admin' }]

export default function CreateCoupon({ loaderData, actionData }: Route.ComponentProps) {
  const hydrated = useHydrated()
  const navigate = useNavigate()
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: couponSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  useEffect(() => {
    if (!actionData?.done) return
    const timer = setTimeout(() => navigate('/admin/coupons'), COUPON_REDIRECT_MS)
    return () => clearTimeout(timer)
  }, [actionData, navigate])
  return (
    <>
      <PageTitle>Create Coupon</PageTitle>
      <Form method="post" {...getFormProps(form)} className="max-w-md">
        <input type="hidden" name="_js" value={hydrated ? '1' : '0'} />
        <Field
          label="Coupon Code"
          inputProps={{ ...getInputProps(fields.couponCode, { type: 'text' }), autoCapitalize: 'characters' }}
          errors={fields.couponCode.errors}
        />
        <Field
          label="Discount (%)"
          inputProps={{ ...getInputProps(fields.discount, { type: 'number' }), min: 1, max: 100, step: 1 }}
          errors={fields.discount.errors}
        />
        <SelectField
          label="Course"
          selectProps={getSelectProps(fields.courseId)}
          placeholder="Select a course"
          options={loaderData.courses.map((c) => ({ value: c.id, label: c.courseTitle }))}
          errors={fields.courseId.errors}
        />
        <Field
          label="Expiry date (optional)"
          inputProps={getInputProps(fields.expiresAt, { type: 'date' })}
          errors={fields.expiresAt.errors}
          hint="The coupon works until the end of this day (India time)."
        />
        <Field
          label="Usage limit (optional)"
          inputProps={{ ...getInputProps(fields.usageLimit, { type: 'number' }), min: 1, step: 1 }}
          errors={fields.usageLimit.errors}
          hint="How many paid orders may use it."
        />
        <ErrorList errors={form.errors} />
        {actionData?.done ? (
          <p role="status" className="mb-3 text-sm text-emerald-700 dark:text-emerald-400">
            Coupon created successfully! Going to the coupons list...
          </p>
        ) : null}
        <StatusButton pendingText="Submitting...">Create Coupon</StatusButton>
      </Form>
    </>
  )
}
