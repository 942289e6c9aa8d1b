import { getAttemptedQuizIds, getEnrolledCourseIds, type UserRow } from '~/models/user.server'

// API.md §3 "User": the wire shape existing clients read. Built from an explicit list of fields, so password,
// code, proof and session data can never leak (API.md §5 #7). Optional strings are absent when unset.
export type UserJson = {
  _id: string
  name: string
  email: string
  isPremiumMember: boolean
  hasAccessToQuizzes: boolean
  attemptedQuizzes: string[]
  enrolledCourses: string[]
  role: UserRow['role']
  createdAt: string
  updatedAt: string
  mobileNumber?: string
  profileImage?: string
  instituteName?: string
  presentCourseOfStudy?: string
  __v?: 0
}

export async function toUserJson(user: UserRow, options: { withVersion?: boolean } = {}): Promise<UserJson> {
  const [enrolledCourses, attemptedQuizzes] = await Promise.all([getEnrolledCourseIds(user.id), getAttemptedQuizIds(user.id)])
  const json: UserJson = {
    _id: user.id,
    name: user.name,
    email: user.email,
    isPremiumMember: user.is_premium_member === 1,
    hasAccessToQuizzes: user.has_access_to_quizzes === 1,
    attemptedQuizzes,
    enrolledCourses,
    role: user.role,
    createdAt: user.created_at,
    updatedAt: user.updated_at,
  }
  if (user.mobile_number) json.mobileNumber = user.mobile_number
  if (user.profile_image) json.profileImage = user.profile_image
  if (user.institute_name) json.instituteName = user.institute_name
  if (user.present_course_of_study) json.presentCourseOfStudy = user.present_course_of_study
  if (options.withVersion) json.__v = 0
  return json
}
