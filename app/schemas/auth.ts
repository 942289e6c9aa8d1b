import { z } from 'zod'
import { PASSWORD_MISMATCH, passwordProblems } from '~/lib/password-rules'

// One schema per form, shared by the page (Conform onValidate in the browser, parseWithZod in the action) and
// the JSON twin (app/routes/api/users.server.ts). Field names are the v1
// bodies' (docs/legacy-api.md §2.1) wherever both have the field.

export const EmailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .toLowerCase()
  .max(254, 'Email is too long')
  .pipe(z.email({ error: 'Please enter a valid email address' }))

/** Every broken rule is its own message, all listed together. */
export const NewPasswordSchema = z
  .string({ error: 'Password is required' })
  .max(200, 'Password is too long')
  .superRefine((pw, ctx) => {
    for (const message of passwordProblems(pw)) ctx.addIssue({ code: 'custom', message })
  })

export const SignupSchema = z.object({
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(100, 'Name is too long'),
  email: EmailSchema,
  password: NewPasswordSchema,
})

export const LoginSchema = z.object({
  email: EmailSchema,
  password: z.string({ error: 'Password is required' }).max(200, 'Password is too long'),
})

export const ForgotPasswordSchema = z.object({ email: EmailSchema })

export const ResetPasswordSchema = z
  .object({
    password: NewPasswordSchema,
    confirmPassword: z.string({ error: 'Please confirm your password' }),
  })
  .superRefine((v, ctx) => {
    if (v.confirmPassword !== undefined && v.password !== v.confirmPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: PASSWORD_MISMATCH })
    }
  })

export { OTP_INCOMPLETE, readOtp } from '~/lib/otp'
