import { getFormProps, getInputProps, getSelectProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { useEffect, useState, type FormEvent } from 'react'
import { data, Form, Link } from 'react-router'
import type { z } from 'zod'
import { ErrorList, Field, StatusButton, inputClass } from '~/components/forms'
import { StateSelect } from '~/components/state-select'
import { showToast } from '~/components/toaster'
import { PHOTO_MISSING, PHOTO_TOO_BIG, PROFILE_IMAGE_MAX_BYTES } from '~/lib/constants'
import { getProfileState, saveProfileImage, updateProfile } from '~/models/accounts/account.server'
import { parsePhotoUpload } from '~/utils/upload.server'
import { ProfileSchema } from '~/schemas/profile'
import { readForm } from '~/utils/body.server'
import { requireUser } from '~/auth/guard.server'
import { redirectWithSuccess } from '~/utils/toast.server'
import type { Route } from './+types/edit'
import type { RouteHandle } from '~/hooks/use-route-handle'

// A photo form and a details form on one page, told apart by a hidden `intent`.

// Needs JavaScript for the photo check before a slow upload (size, missing file) and Conform validation: this page
// hydrates.
export const handle: RouteHandle = { hydrate: true }
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request)
  return {
    user: {
      name: user.name,
      email: user.email,
      profileImage: user.profile_image,
      mobileNumber: user.mobile_number ?? '',
      instituteName: user.institute_name ?? '',
      presentCourseOfStudy: user.present_course_of_study ?? '',
      state: (await getProfileState(user.id)) ?? '',
    },
  }
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request)
  if ((request.headers.get('Content-Type') ?? '').startsWith('multipart/form-data')) {
    // The photo form: parsed as a stream with the 1 MB limit.
    const upload = await parsePhotoUpload(request)
    if (!upload.ok) return data({ photoError: upload.message }, upload.status)
    if (!upload.bytes) return data({ photoError: PHOTO_MISSING }, 400)
    const saved = await saveProfileImage(user.id, upload.bytes)
    if (!saved.ok) return data({ photoError: saved.message }, saved.status)
    throw await redirectWithSuccess('/profile/edit', 'Image Uploaded Successfully')
  }
  const formData = await readForm(request)
  if (formData.get('intent') === 'photo') return data({ photoError: PHOTO_MISSING }, 400)
  const submission = parseWithZod(formData, { schema: ProfileSchema })
  if (submission.status !== 'success') return data({ result: submission.reply() }, 400)
  await updateProfile(user.id, submission.value)
  throw await redirectWithSuccess('/profile', 'User info updated')
}

export const meta: Route.MetaFunction = () => [{ title: 'Edit Profile | BioCoach' }]

export default function EditProfile({ loaderData, actionData }: Route.ComponentProps) {
  const { user } = loaderData
  const [form, fields] = useForm<z.input<typeof ProfileSchema>>({
    lastResult: actionData && 'result' in actionData ? actionData.result : undefined,
    defaultValue: user,
    // Validated by the server only (the same schema, the same messages): Zod in the browser would add ~25 KB of
    // script to a 2G phone's page for messages one round trip away (interactive pages stay within
    // 1.25x the framework floor, a goal of `npm run bench`).
  })
  return (
    <main className="mx-auto max-w-2xl px-4 py-10">
      <Link to="/profile" className="text-sm text-emerald-700 underline dark:text-emerald-400">
        ← Back to Profile
      </Link>
      <h1 className="mt-3 mb-6 text-2xl font-bold">Edit Profile</h1>
      <PhotoForm
        image={user.profileImage}
        name={user.name}
        serverError={actionData && 'photoError' in actionData ? actionData.photoError : null}
      />
      <Form
        method="post"
        {...getFormProps(form)}
        className="mt-6 rounded-lg border border-slate-200 p-6 dark:border-slate-700"
      >
        <input type="hidden" name="intent" value="details" />
        <Field
          label="Full Name"
          inputProps={{ ...getInputProps(fields.name, { type: 'text' }), autoComplete: 'name', required: true }}
          errors={fields.name.errors}
        />
        <div className="mb-4">
          <label htmlFor="profile-email" className="mb-1 block text-sm font-medium">
            Email
          </label>
          <input
            id="profile-email"
            type="email"
            value={user.email}
            readOnly
            className={`${inputClass} cursor-not-allowed opacity-75`}
          />
        </div>
        <Field
          label="Mobile Number"
          inputProps={{
            ...getInputProps(fields.mobileNumber, { type: 'tel' }),
            inputMode: 'numeric',
            autoComplete: 'tel-national',
            maxLength: 10,
          }}
          errors={fields.mobileNumber.errors}
        />
        <Field
          label="Institute Name"
          inputProps={getInputProps(fields.instituteName, { type: 'text' })}
          errors={fields.instituteName.errors}
        />
        <Field
          label="Present Course of Study"
          inputProps={getInputProps(fields.presentCourseOfStudy, { type: 'text' })}
          errors={fields.presentCourseOfStudy.errors}
        />
        <StateSelect
          label="State (shown on your GST invoices)"
          selectProps={getSelectProps(fields.state)}
          errors={fields.state.errors}
        />
        <ErrorList id={form.errorId} errors={form.errors} />
        <StatusButton name="intent" value="details">
          Update Profile
        </StatusButton>
      </Form>
    </main>
  )
}

function PhotoForm({ image, name, serverError }: { image: string | null; name: string; serverError: string | null }) {
  const [clientError, setClientError] = useState<string | null>(null)
  const error = clientError ?? serverError
  useEffect(() => {
    if (serverError) showToast({ type: 'error', message: 'Upload failed', description: serverError })
  }, [serverError])

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    const file = new FormData(e.currentTarget).get('profileImage')
    let problem: string | null = null
    if (!(file instanceof File) || file.size === 0) problem = PHOTO_MISSING
    else if (file.size > PROFILE_IMAGE_MAX_BYTES) problem = PHOTO_TOO_BIG
    setClientError(problem)
    if (problem) {
      e.preventDefault()
      showToast({
        type: 'error',
        message: problem === PHOTO_MISSING ? problem : 'Upload failed',
        description: problem === PHOTO_MISSING ? undefined : problem,
      })
    }
  }

  return (
    <Form
      method="post"
      encType="multipart/form-data"
      onSubmit={onSubmit}
      className="flex flex-col items-center gap-4 rounded-lg border border-slate-200 p-6 sm:flex-row dark:border-slate-700"
    >
      <img
        src={image ?? '/images/default-avatar.svg'}
        alt={`${name}'s avatar`}
        width={96}
        height={96}
        className="h-24 w-24 rounded-full border object-cover dark:border-slate-600"
      />
      <div className="flex-1">
        <input type="hidden" name="intent" value="photo" />
        <label htmlFor="profileImage" className="mb-1 block text-sm font-medium">
          Profile Photo
        </label>
        <input
          id="profileImage"
          name="profileImage"
          type="file"
          accept="image/png,image/jpeg,image/webp"
          aria-describedby="profileImage-hint"
          aria-invalid={error ? true : undefined}
          className="block w-full text-sm"
        />
        <p id="profileImage-hint" className="mt-1 text-xs text-slate-500 dark:text-slate-400">
          PNG, JPG, JPEG or WebP, max 1MB
        </p>
        {error ? (
          <p role="alert" className="mt-1 text-sm text-red-600 dark:text-red-400">
            {error === PHOTO_MISSING ? error : `Upload failed: ${error}`}
          </p>
        ) : null}
        <div className="mt-3">
          <StatusButton name="intent" value="photo">
            Upload
          </StatusButton>
        </div>
      </div>
    </Form>
  )
}
