import { getFormProps } from '@conform-to/react'
import type { ReactNode } from 'react'
import { Form, Link } from 'react-router'
import { ErrorList, StatusButton } from '~/components/forms'
import { PageTitle, secondaryButtonClass } from './ui'

// The edit page of one item of a course's content (a section, a lecture): its fields, the form's errors, Save,
// and Cancel back to the course's content page.

export function ContentEditForm({
  heading,
  courseId,
  formProps,
  errors,
  multipart = false,
  children,
}: {
  heading: string
  courseId: string
  formProps: ReturnType<typeof getFormProps>
  errors: string[] | undefined
  /** The form carries a file (a lecture's note). */
  multipart?: boolean
  children: ReactNode
}) {
  return (
    <>
      <PageTitle>{heading}</PageTitle>
      <Form method="post" encType={multipart ? 'multipart/form-data' : undefined} className="max-w-xl" {...formProps}>
        {children}
        <ErrorList errors={errors} />
        <div className="flex flex-wrap gap-2">
          <StatusButton pendingText="Saving...">Save</StatusButton>
          <Link to={`/admin/course-content/${courseId}`} className={secondaryButtonClass}>
            Cancel
          </Link>
        </div>
      </Form>
    </>
  )
}
