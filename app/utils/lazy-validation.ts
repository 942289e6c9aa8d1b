import { parse, type Submission } from '@conform-to/react'
import type { z, ZodType } from 'zod'

/**
 * Conform `onValidate` that runs the form's shared Zod schema in the browser once it has loaded, and leaves the
 * check to the server until then. Zod and its Conform adapter weigh ~30 KB gzipped, which would push the public
 * auth pages past their first-view JS budget, so they load on the form's first focus, while the
 * learner types. The server always validates with the very same schema.
 */
export function lazyZodValidation<Schema extends ZodType>(loadSchema: () => Promise<Schema>) {
  type Result = Submission<z.input<Schema>, string[], z.output<Schema>>
  let validate: ((formData: FormData) => Result) | null = null
  let loading: Promise<void> | null = null
  const preload = () => {
    loading ??= Promise.all([import('@conform-to/zod/v4'), loadSchema()])
      .then(([{ parseWithZod }, schema]) => {
        validate = (formData) => parseWithZod(formData, { schema }) as Result
      })
      .catch(() => {
        loading = null // offline: try again on the next focus; the server still validates
      })
  }
  const onValidate = ({ formData }: { formData: FormData }): Result => {
    preload()
    return validate ? validate(formData) : (parse(formData, { resolve: (value) => ({ value }) }) as Result)
  }
  return { preload, onValidate }
}
