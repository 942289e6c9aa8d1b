import { z } from 'zod'
import {
  ACCOUNT_MESSAGES,
  checkCredentials,
  createAccountFromSignup,
  emailTaken,
  pendingSignupPayload,
  resetPassword,
  saveProfileImage,
  updateProfile,
} from '~/models/accounts/account.server'
import { getUserById, type UserRow } from '~/models/accounts/user.server'
import {
  consumeResetProof,
  getPendingSignup,
  issueResetProof,
  MESSAGES,
  newSignupClaim,
  verifyCode,
} from '~/models/accounts/verification.server'
import { presentUser } from '~/presenters/v1.server'
import { envelope, MessageShape, UserShape } from '~/presenters/v1-shapes'
import { EmailSchema, NewPasswordSchema, readOtp, SignupSchema } from '~/schemas/auth'
import { ProfileSchema } from '~/schemas/profile'
import { apiError, apiResponse, json, readJsonBody, str } from '~/utils/api.server'
import { apiResource, endpoint, type ApiArgs } from './endpoints.server'
import { endSession, startSession } from '~/auth/session.server'
import { parsePhotoUpload } from '~/utils/upload.server'
import { apiResetProofCookie, apiSignupClaimCookie, issueCode, readProof, type IssueInput } from '~/auth/totp.server'

// /api/v1/users (docs/legacy-api.md §2.1): the same model functions as the pages, with the old wire shapes and
// statuses, and the deliberate differences of docs/legacy-api.md §5 (#1 reset proof, #7 no secrets in user JSON,
// #9, #10 limits, #16).

const EmailBody = z.object({ email: z.string() })
const OtpBody = z.object({ email: z.string(), otp: z.union([z.string(), z.number().int()]).describe('6 digits') })
const UserBody = envelope(z.object({ user: UserShape }))
const ProfileImageBody = z.object({ profileImage: z.string().describe('PNG, JPEG or WebP, at most 1 MB') })
// The profile page's state (for GST invoices) is not part of the older client's update.
const DetailsBody = ProfileSchema.omit({ state: true })
  .partial()
  .describe('only truthy values are set; at least one is required')
const MAIL_REFUSED = `a code went to this address less than 15 s ago ("Please wait N seconds..."), or "${MESSAGES.mailCap}"`
const MAIL_FAILED = 'the code e-mail could not be sent'

const ALL_FIELDS = 'All fields are required'

/** The sign-up, sign-in and reset rows: public posts that share the pages' per-address limit. */
const AUTH_POST = { method: 'POST', guard: 'public', authPostLimit: true } as const
/** The rows that mail a code to the body's e-mail: the same body and answers. */
const MAILS_A_CODE = {
  ...AUTH_POST,
  body: { json: EmailBody },
  success: { 200: MessageShape },
  errors: { 404: 'User not found', 429: MAIL_REFUSED, 500: MAIL_FAILED },
}

/** A valid, normalised e-mail from the body, or undefined. */
function emailOf(body: Record<string, unknown>): string | undefined {
  const parsed = EmailSchema.safeParse(str(body, 'email'))
  return parsed.success ? parsed.data : undefined
}

/** The code as the FE sends it: a 6-digit string (a number is accepted too). */
function otpOf(body: Record<string, unknown>): string | null {
  const raw = body.otp
  return readOtp([typeof raw === 'number' && Number.isInteger(raw) ? String(raw).padStart(6, '0') : raw])
}

/**
 * Issues a code the one way the pages do (cooldown, hourly cap, remix-auth-totp, one mail template). The old
 * server answered a mail failure with 500; so do we, with a readable message (docs/legacy-api.md §5 #10).
 */
async function mailCode(request: Request, input: IssueInput): Promise<Response | null> {
  const sent = await issueCode(request, input)
  if (sent.ok) return null
  return apiError(sent.status === 503 ? 500 : sent.status, sent.message)
}

const register = async ({ request }: ApiArgs) => {
  const body = await readJsonBody(request)
  if (!str(body, 'name') || !str(body, 'email') || !str(body, 'password')) throw apiError(400, ALL_FIELDS)
  const parsed = SignupSchema.safeParse({
    name: str(body, 'name'),
    email: str(body, 'email'),
    password: str(body, 'password'),
  })
  if (!parsed.success) throw apiError(400, parsed.error.issues.map((i) => i.message).join(' '))
  const { name, email, password } = parsed.data
  if (await emailTaken(email)) throw apiError(400, 'User already exists')
  // This client's own registration, bound to a claim cookie only it holds (the old client calls
  // register and verify-otp withCredentials, docs/legacy-api.md §1.4).
  const claim = newSignupClaim()
  const failed = await mailCode(request, {
    purpose: 'signup',
    email,
    claim,
    payload: await pendingSignupPayload({ name, password }),
  })
  return (
    failed ??
    json({ message: 'OTP sent to email' }, { headers: { 'Set-Cookie': await apiSignupClaimCookie.serialize(claim) } })
  )
}

const verifyOtp = async ({ request }: ApiArgs) => {
  const body = await readJsonBody(request)
  const email = emailOf(body)
  if (!email) throw apiError(400, MESSAGES.noPending)
  const code = otpOf(body)
  if (!code) throw apiError(400, MESSAGES.wrong)
  const verified = await verifyCode({
    purpose: 'signup',
    email,
    code,
    claim: await readProof(apiSignupClaimCookie, request),
  })
  if (!verified.ok) throw apiError(verified.status, verified.message)
  const user = await createAccountFromSignup(email, verified)
  if (!user) throw apiError(400, 'User already exists')
  const headers = new Headers()
  headers.append('Set-Cookie', await startSession(request, user.id))
  headers.append('Set-Cookie', await apiSignupClaimCookie.serialize('', { maxAge: 0 }))
  return apiResponse(
    200,
    { user: await presentUser(user, { withVersion: true }) },
    'User verified and created successfully',
    { headers },
  )
}

const resendOtp = async ({ request }: ApiArgs) => {
  const email = emailOf(await readJsonBody(request))
  const claim = await readProof(apiSignupClaimCookie, request)
  const row = await getPendingSignup(claim)
  if (!email || !claim || !row?.payload || row.email !== email) throw apiError(404, 'User not found')
  return (
    (await mailCode(request, { purpose: 'signup', email, claim })) ?? json({ message: 'New OTP sent successfully' })
  )
}

const login = async ({ request }: ApiArgs) => {
  const body = await readJsonBody(request)
  const email = str(body, 'email')
  const password = str(body, 'password')
  if (!email || !password) throw apiError(400, ALL_FIELDS)
  const checked = await checkCredentials(email, password)
  if (!checked.ok)
    throw apiError(
      checked.status,
      { 404: ACCOUNT_MESSAGES.noUser, 401: 'Invalid user credentials', 429: ACCOUNT_MESSAGES.loginLocked }[
        checked.status
      ],
    )
  const cookie = await startSession(request, checked.userId)
  const user = (await getUserById(checked.userId))!
  return apiResponse(200, { user: await presentUser(user, { withVersion: true }) }, 'User logged In Successfully', {
    headers: { 'Set-Cookie': cookie },
  })
}

/**
 * docs/legacy-api.md §5 #16: no auth needed; it always clears the cookie (and deletes the session row when there is
 * one).
 */
const logout = async ({ request }: ApiArgs) =>
  apiResponse(200, {}, 'User logged Out', { headers: { 'Set-Cookie': await endSession(request) } })

/** forgot-password and its resend: the same checks and mail, each with the old client's message. */
const mailResetCode =
  (sentMessage: string) =>
  async ({ request }: ApiArgs) => {
    const email = emailOf(await readJsonBody(request))
    if (!email || !(await emailTaken(email))) throw apiError(404, 'User not found')
    return (await mailCode(request, { purpose: 'reset', email })) ?? json({ message: sentMessage })
  }
const forgotPassword = mailResetCode('OTP send successfully')
const resendForgotPasswordOtp = mailResetCode('New OTP sent successfully')

/**
 * docs/legacy-api.md §5 #1: a verified code leaves a single-use proof in an HttpOnly cookie scoped to
 * reset-password.
 */
const verifyForgotPasswordOtp = async ({ request }: ApiArgs) => {
  const body = await readJsonBody(request)
  const email = emailOf(body)
  if (!email || !(await emailTaken(email))) throw apiError(404, 'User does not exist')
  const code = otpOf(body)
  if (!code) throw apiError(400, MESSAGES.wrong)
  const verified = await verifyCode({ purpose: 'reset', email, code })
  if (!verified.ok) throw apiError(verified.status, verified.message)
  const proof = await issueResetProof(verified.id)
  return json({ message: 'OTP verfied' }, { headers: { 'Set-Cookie': await apiResetProofCookie.serialize(proof) } })
}

const resetPasswordHandler = async ({ request }: ApiArgs) => {
  const body = await readJsonBody(request)
  const email = emailOf(body)
  const password = str(body, 'newpassword')
  if (!email || !password) throw apiError(400, ALL_FIELDS)
  const rules = NewPasswordSchema.safeParse(password)
  if (!rules.success) throw apiError(400, rules.error.issues.map((i) => i.message).join(' '))
  const token = await readProof(apiResetProofCookie, request)
  if (!token) throw apiError(401, 'Please verify the OTP sent to your email first')
  const proofEmail = await consumeResetProof(token, email)
  if (!proofEmail) throw apiError(403, 'This reset is not allowed. Please verify a new OTP.')
  if (!(await resetPassword(proofEmail, password))) throw apiError(404, 'User does not exist')
  return json(
    { message: 'Password updated successfully' },
    { headers: { 'Set-Cookie': await apiResetProofCookie.serialize('', { maxAge: 0 }) } },
  )
}

const currentUser = async ({ user }: { user: UserRow }) =>
  apiResponse(200, await presentUser(user), 'User fetched successfully')

const DETAIL_FIELDS = ['name', 'mobileNumber', 'instituteName', 'presentCourseOfStudy'] as const

const updateUserDetails = async ({ request, user }: ApiArgs & { user: UserRow }) => {
  const body = await readJsonBody(request)
  const given: Record<string, string> = {}
  for (const key of DETAIL_FIELDS) {
    const v = Object.hasOwn(body, key) ? body[key] : undefined
    if (v === undefined || v === null || v === '') continue
    if (typeof v !== 'string') throw apiError(400, `${key} must be a string`)
    if (v.trim()) given[key] = v // docs/legacy-api.md §2.1: only truthy values are set
  }
  if (Object.keys(given).length === 0) throw apiError(400, 'Any of these fields are required')
  const parsed = ProfileSchema.partial().safeParse(given)
  if (!parsed.success) throw apiError(400, parsed.error.issues.map((i) => i.message).join(' '))
  const updated = (await updateProfile(user.id, parsed.data, 'merge'))!
  return apiResponse(200, await presentUser(updated, { withVersion: true }), 'Account details updated successfully')
}

const updateUserProfileImage = async ({ request, user }: ApiArgs & { user: UserRow }) => {
  if (!(request.headers.get('Content-Type') ?? '').startsWith('multipart/form-data'))
    throw apiError(400, 'Profile Image is missing')
  const upload = await parsePhotoUpload(request)
  if (!upload.ok) throw apiError(upload.status, upload.message)
  if (!upload.bytes) throw apiError(400, 'Profile Image is missing')
  const saved = await saveProfileImage(user.id, upload.bytes)
  if (!saved.ok) throw apiError(saved.status, saved.message)
  const updated = (await getUserById(user.id))!
  return apiResponse(200, await presentUser(updated, { withVersion: true }), 'Profile image uploaded successfully')
}

export const usersApi = apiResource({
  mount: '/api/v1/users',
  endpoints: [
    endpoint({
      ...AUTH_POST,
      path: '/register',
      summary: 'Starts a sign-up: mails a 6-digit code and sets the signupClaim cookie',
      body: { json: SignupSchema },
      success: { 200: MessageShape },
      errors: {
        400: `"${ALL_FIELDS}", a rule of the fields, or "User already exists"`,
        429: MAIL_REFUSED,
        500: MAIL_FAILED,
      },
      handler: register,
    }),
    endpoint({
      ...AUTH_POST,
      path: '/verify-otp',
      summary: "Creates the account of this client's sign-up and signs in",
      body: { json: OtpBody },
      success: { 200: UserBody },
      errors: {
        400: `"${MESSAGES.noPending}", "${MESSAGES.wrong}", "${MESSAGES.expired}" or "User already exists"`,
        429: MESSAGES.dead,
      },
      handler: verifyOtp,
    }),
    endpoint({
      ...MAILS_A_CODE,
      path: '/resend-otp',
      summary: 'Mails a new sign-up code',
      handler: resendOtp,
    }),
    endpoint({
      ...AUTH_POST,
      path: '/login',
      summary: 'Signs in (sets the session cookie)',
      body: { json: z.object({ email: z.string(), password: z.string() }) },
      success: { 200: UserBody },
      errors: { 400: ALL_FIELDS, 401: 'Invalid user credentials', 404: ACCOUNT_MESSAGES.noUser },
      handler: login,
    }),
    endpoint({
      method: 'POST',
      path: '/logout',
      summary: 'Ends the session and clears the cookie, signed in or not (docs/legacy-api.md §5 #16)',
      guard: 'public',
      success: { 200: envelope(z.object({})) },
      errors: {},
      handler: logout,
    }),
    endpoint({
      ...MAILS_A_CODE,
      path: '/forgot-password',
      summary: 'Mails a password-reset code',
      handler: forgotPassword,
    }),
    endpoint({
      ...AUTH_POST,
      path: '/verify-forgot-password-otp',
      summary: 'Checks a reset code; sets the single-use reset cookie (docs/legacy-api.md §5 #1)',
      body: { json: OtpBody },
      success: { 200: MessageShape },
      errors: { 400: `"${MESSAGES.wrong}" or "${MESSAGES.expired}"`, 404: 'User does not exist', 429: MESSAGES.dead },
      handler: verifyForgotPasswordOtp,
    }),
    endpoint({
      ...MAILS_A_CODE,
      path: '/resend-forgot-password-otp',
      summary: 'Mails a new password-reset code',
      handler: resendForgotPasswordOtp,
    }),
    endpoint({
      ...AUTH_POST,
      path: '/reset-password',
      summary: 'Sets a new password with the reset cookie and ends every session',
      body: { json: z.object({ email: z.string(), newpassword: NewPasswordSchema }) },
      success: { 200: MessageShape },
      errors: {
        400: `"${ALL_FIELDS}" or the password rules`,
        401: 'no reset cookie',
        403: 'the reset cookie is spent or for another e-mail',
        404: 'User does not exist',
      },
      handler: resetPasswordHandler,
    }),
    endpoint({
      method: 'GET',
      path: '/current-user',
      summary: 'The signed-in user (without __v)',
      guard: 'signedIn',
      success: { 200: envelope(UserShape) },
      errors: {},
      handler: currentUser,
    }),
    endpoint({
      method: 'POST',
      path: '/update-user-details',
      summary: 'Updates profile details',
      guard: 'signedIn',
      body: { json: DetailsBody },
      success: { 200: envelope(UserShape) },
      errors: { 400: '"Any of these fields are required" or a rule of the fields' },
      handler: updateUserDetails,
    }),
    endpoint({
      method: 'POST',
      path: '/update-user-profile-image',
      summary: 'Replaces the profile photo',
      guard: 'signedIn',
      body: { multipart: ProfileImageBody },
      success: { 200: envelope(UserShape) },
      errors: { 400: '"Profile Image is missing", not an image, or an unreadable upload', 413: 'over 1 MB' },
      handler: updateUserProfileImage,
    }),
  ],
})
