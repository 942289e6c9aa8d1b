import { ACCOUNT_MESSAGES, allowAuthPost, checkCredentials, createAccountFromSignup, emailTaken, parsePhotoUpload, pendingSignupPayload, resetPassword, saveProfileImage, updateProfile } from '~/models/account.server'
import { toUserJson } from '~/models/user-json.server'
import { getUserById, type UserRow } from '~/models/user.server'
import { consumeResetProof, getPendingSignup, issueResetProof, MESSAGES, newSignupClaim, verifyCode } from '~/models/verification.server'
import { EmailSchema, NewPasswordSchema, readOtp, SignupSchema } from '~/schemas/auth'
import { ProfileSchema } from '~/schemas/profile'
import { apiError, apiResponse, apiRoutes, json, readJsonBody, str, type ApiArgs, type ApiHandler } from '~/utils/api.server'
import { endSession, getUser, startSession } from '~/utils/auth.server'
import { TOO_MANY_REQUESTS } from '~/utils/rate-limit.server'
import { apiResetProofCookie, apiSignupClaimCookie, issueCode, readProof, type IssueInput } from '~/utils/totp.server'

// /api/v1/users (API.md §2.1): the same model functions as the pages, with the old wire shapes and statuses,
// and the deliberate differences of API.md §5 (#1 reset proof, #7 no secrets in user JSON, #9, #10 limits, #16).

const ALL_FIELDS = 'All fields are required'

/** Auth posts share the per-address limit with the pages (issue 3 §2). */
const limited =
  (handler: ApiHandler): ApiHandler =>
  async (args) => {
    if (!(await allowAuthPost(args.context))) throw apiError(429, TOO_MANY_REQUESTS)
    return handler(args)
  }

async function requireApiUser(request: Request): Promise<UserRow> {
  const user = await getUser(request)
  if (!user) throw apiError(401, 'Unauthorized request')
  return user
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
 * server answered a mail failure with 500; so do we, with a readable message (API.md §5 #10).
 */
async function mailCode(request: Request, input: IssueInput): Promise<Response | null> {
  const sent = await issueCode(request, input)
  if (sent.ok) return null
  return apiError(sent.status === 503 ? 500 : sent.status, sent.message)
}

const register: ApiHandler = async ({ request }) => {
  const body = await readJsonBody(request)
  if (!str(body, 'name') || !str(body, 'email') || !str(body, 'password')) throw apiError(400, ALL_FIELDS)
  const parsed = SignupSchema.safeParse({ name: str(body, 'name'), email: str(body, 'email'), password: str(body, 'password') })
  if (!parsed.success) throw apiError(400, parsed.error.issues.map((i) => i.message).join(' '))
  const { name, email, password } = parsed.data
  if (await emailTaken(email)) throw apiError(400, 'User already exists')
  // issue 10 #1: this client's own registration, bound to a claim cookie only it holds (the old client calls
  // register and verify-otp withCredentials, API.md §1.4).
  const claim = newSignupClaim()
  const failed = await mailCode(request, { purpose: 'signup', email, claim, payload: await pendingSignupPayload({ name, password }) })
  return failed ?? json({ message: 'OTP sent to email' }, { headers: { 'Set-Cookie': await apiSignupClaimCookie.serialize(claim) } })
}

const verifyOtp: ApiHandler = async ({ request }) => {
  const body = await readJsonBody(request)
  const email = emailOf(body)
  if (!email) throw apiError(400, MESSAGES.noPending)
  const code = otpOf(body)
  if (!code) throw apiError(400, MESSAGES.wrong)
  const verified = await verifyCode({ purpose: 'signup', email, code, claim: await readProof(apiSignupClaimCookie, request) })
  if (!verified.ok) throw apiError(verified.status, verified.message)
  const user = await createAccountFromSignup(email, verified)
  if (!user) throw apiError(400, 'User already exists')
  const headers = new Headers()
  headers.append('Set-Cookie', await startSession(request, user.id))
  headers.append('Set-Cookie', await apiSignupClaimCookie.serialize('', { maxAge: 0 }))
  return apiResponse(200, { user: await toUserJson(user, { withVersion: true }) }, 'User verified and created successfully', { headers })
}

const resendOtp: ApiHandler = async ({ request }) => {
  const email = emailOf(await readJsonBody(request))
  const claim = await readProof(apiSignupClaimCookie, request)
  const row = await getPendingSignup(claim)
  if (!email || !claim || !row?.payload || row.email !== email) throw apiError(404, 'User not found')
  return (await mailCode(request, { purpose: 'signup', email, claim })) ?? json({ message: 'New OTP sent successfully' })
}

const login: ApiHandler = async ({ request }) => {
  const body = await readJsonBody(request)
  const email = str(body, 'email')
  const password = str(body, 'password')
  if (!email || !password) throw apiError(400, ALL_FIELDS)
  const checked = await checkCredentials(email, password)
  if (!checked.ok) throw apiError(checked.status, { 404: ACCOUNT_MESSAGES.noUser, 401: 'Invalid user credentials', 429: ACCOUNT_MESSAGES.loginLocked }[checked.status])
  const cookie = await startSession(request, checked.userId)
  const user = (await getUserById(checked.userId))!
  return apiResponse(200, { user: await toUserJson(user, { withVersion: true }) }, 'User logged In Successfully', {
    headers: { 'Set-Cookie': cookie },
  })
}

/** API.md §5 #16: no auth needed; it always clears the cookie (and deletes the session row when there is one). */
const logout: ApiHandler = async ({ request }) =>
  apiResponse(200, {}, 'User logged Out', { headers: { 'Set-Cookie': await endSession(request) } })

const forgotPassword: ApiHandler = async ({ request }) => {
  const email = emailOf(await readJsonBody(request))
  if (!email || !(await emailTaken(email))) throw apiError(404, 'User not found')
  return (await mailCode(request, { purpose: 'reset', email })) ?? json({ message: 'OTP send successfully' })
}

const resendForgotPasswordOtp: ApiHandler = async ({ request }) => {
  const email = emailOf(await readJsonBody(request))
  if (!email || !(await emailTaken(email))) throw apiError(404, 'User not found')
  return (await mailCode(request, { purpose: 'reset', email })) ?? json({ message: 'New OTP sent successfully' })
}

/** API.md §5 #1: a verified code leaves a single-use proof in an HttpOnly cookie scoped to reset-password. */
const verifyForgotPasswordOtp: ApiHandler = async ({ request }) => {
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

const resetPasswordHandler: ApiHandler = async ({ request }) => {
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
  return json({ message: 'Password updated successfully' }, { headers: { 'Set-Cookie': await apiResetProofCookie.serialize('', { maxAge: 0 }) } })
}

const currentUser: ApiHandler = async ({ request }) => {
  const user = await requireApiUser(request)
  return apiResponse(200, await toUserJson(user), 'User fetched successfully')
}

const DETAIL_FIELDS = ['name', 'mobileNumber', 'instituteName', 'presentCourseOfStudy'] as const

const updateUserDetails: ApiHandler = async ({ request }) => {
  const user = await requireApiUser(request)
  const body = await readJsonBody(request)
  const given: Record<string, string> = {}
  for (const key of DETAIL_FIELDS) {
    const v = Object.hasOwn(body, key) ? body[key] : undefined
    if (v === undefined || v === null || v === '') continue
    if (typeof v !== 'string') throw apiError(400, `${key} must be a string`)
    if (v.trim()) given[key] = v // API.md §2.1: only truthy values are set
  }
  if (Object.keys(given).length === 0) throw apiError(400, 'Any of these fields are required')
  const parsed = ProfileSchema.partial().safeParse(given)
  if (!parsed.success) throw apiError(400, parsed.error.issues.map((i) => i.message).join(' '))
  const updated = (await updateProfile(user.id, parsed.data, 'merge'))!
  return apiResponse(200, await toUserJson(updated, { withVersion: true }), 'Account details updated successfully')
}

const updateUserProfileImage: ApiHandler = async ({ request }: ApiArgs) => {
  const user = await requireApiUser(request)
  if (!(request.headers.get('Content-Type') ?? '').startsWith('multipart/form-data')) throw apiError(400, 'Profile Image is missing')
  const upload = await parsePhotoUpload(request)
  if (!upload.ok) throw apiError(upload.status, upload.message)
  if (!upload.bytes) throw apiError(400, 'Profile Image is missing')
  const saved = await saveProfileImage(user.id, upload.bytes)
  if (!saved.ok) throw apiError(saved.status, saved.message)
  const updated = (await getUserById(user.id))!
  return apiResponse(200, await toUserJson(updated, { withVersion: true }), 'Profile image uploaded successfully')
}

const api = apiRoutes({
  'POST /register': limited(register),
  'POST /verify-otp': limited(verifyOtp),
  'POST /resend-otp': limited(resendOtp),
  'POST /login': limited(login),
  'POST /logout': logout,
  'POST /forgot-password': limited(forgotPassword),
  'POST /verify-forgot-password-otp': limited(verifyForgotPasswordOtp),
  'POST /resend-forgot-password-otp': limited(resendForgotPasswordOtp),
  'POST /reset-password': limited(resetPasswordHandler),
  'GET /current-user': currentUser,
  'POST /update-user-details': updateUserDetails,
  'POST /update-user-profile-image': updateUserProfileImage,
})
export const loader = api.loader
export const action = api.action
