import type { Role } from '#db/schema'

// The roles (spec 2 §6), written once: the staff roles for the page and API guards, the header's dashboard link
// and quiz access; all roles for the v1 user shape.
export const ROLES = ['user', 'admin', 'instructor'] as const satisfies readonly Role[]
export const STAFF_ROLES = ['admin', 'instructor'] as const satisfies readonly Role[]

export const isStaff = (role: Role | string): boolean => (STAFF_ROLES as readonly string[]).includes(role)
