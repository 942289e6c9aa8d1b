import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data } from 'react-router'
import { ContentEditForm } from '~/components/admin/content-edit-form'
import { Field } from '~/components/forms'
import { isId } from '~/lib/ids'
import { updateSection } from '~/models/catalogue/section-edits.server'
import { getSection, NotFoundError } from '~/models/catalogue/section.server'
import { sectionEditSchema } from '~/schemas/course-content'
import { requireRole } from '~/auth/guard.server'
import { readForm } from '~/utils/body.server'
import { redirectWithSuccess } from '~/utils/toast.server'
import type { Route } from './+types/course-content-section'

// Edit a section's title (the Add Section form's `sectionTitle`); back to the course's content page.

/** The section, when it is one of this course's; else the page is a 404. */
async function sectionOf(params: { courseId: string; sectionId: string }) {
  const section = isId(params.sectionId) ? await getSection(params.sectionId) : undefined
  if (!section || section.course_id !== params.courseId) throw data('Section not found', { status: 404 })
  return section
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireRole(request, 'staff')
  const section = await sectionOf(params)
  return { courseId: params.courseId, section: { id: section.id, title: section.title } }
}

export async function action({ request, params }: Route.ActionArgs) {
  const staff = await requireRole(request, 'staff')
  const submission = parseWithZod(await readForm(request), { schema: sectionEditSchema })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  try {
    await updateSection({
      actorId: staff.id,
      sectionId: params.sectionId,
      courseId: params.courseId,
      title: submission.value.sectionTitle,
    })
  } catch (error) {
    if (error instanceof NotFoundError) throw data('Section not found', { status: 404 })
    throw error
  }
  throw await redirectWithSuccess(`/admin/course-content/${params.courseId}`, 'Section updated successfully')
}

export const meta: Route.MetaFunction = () => [{ title: 'Edit Section | Admin' }]

export default function EditSection({ loaderData, actionData }: Route.ComponentProps) {
  const { courseId, section } = loaderData
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    defaultValue: { sectionTitle: section.title },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: sectionEditSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  return (
    <ContentEditForm heading="Edit Section" courseId={courseId} formProps={getFormProps(form)} errors={form.errors}>
      <Field
        label="Section Title"
        inputProps={getInputProps(fields.sectionTitle, { type: 'text' })}
        errors={fields.sectionTitle.errors}
      />
    </ContentEditForm>
  )
}
