import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form } from 'react-router'
import { ErrorList, Field, StatusButton } from '~/components/forms'
import { PageTitle } from '~/components/admin/ui'
import { formatRupees } from '~/lib/pricing'
import { resetQuizPrice } from '~/models/catalogue/settings.server'
import { getQuizPrice } from '~/models/catalogue/settings.server'
import { quizPriceSchema } from '~/schemas/admin'
import { readForm } from '~/utils/body.server'
import { requireRole } from '~/auth/guard.server'
import { dataWithSuccess } from '~/utils/toast.server'
import type { Route } from './+types/reset-quiz-price'

// Reset Quiz Price (admin only, enforced here): both fields empty again after success.
export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, 'admin')
  return { price: await getQuizPrice() }
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireRole(request, 'admin')
  const submission = parseWithZod(await readForm(request), { schema: quizPriceSchema })
  if (submission.status !== 'success') return data({ result: submission.reply(), saved: false }, { status: 400 })
  await resetQuizPrice({ actorId: admin.id, price: submission.value })
  return dataWithSuccess(
    { result: submission.reply({ resetForm: true }), saved: true },
    'Quiz price reset successfully',
  )
}

export const meta: Route.MetaFunction = () => [{ title: 'Reset Quiz Price | Admin' }]

export default function ResetQuizPrice({ loaderData, actionData }: Route.ComponentProps) {
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: quizPriceSchema }),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
  })
  const { price } = loaderData
  return (
    <>
      <PageTitle>Reset Quiz Price</PageTitle>
      <p className="mb-4 text-sm">
        Current bundle price: <s>{formatRupees(price.actualPrice)}</s> {formatRupees(price.discountedPrice)}
      </p>
      {actionData?.saved ? (
        <p role="status" className="mb-3 text-sm text-emerald-700 dark:text-emerald-400">
          Quiz price reset successfully
        </p>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="max-w-sm">
        <Field
          label="Actual Price"
          inputProps={{ ...getInputProps(fields.actualPrice, { type: 'number' }), min: 0, step: 1 }}
          errors={fields.actualPrice.errors}
        />
        <Field
          label="Discounted Price"
          inputProps={{ ...getInputProps(fields.discountedPrice, { type: 'number' }), min: 0, step: 1 }}
          errors={fields.discountedPrice.errors}
        />
        <ErrorList errors={form.errors} />
        <StatusButton>Reset Price</StatusButton>
      </Form>
    </>
  )
}
