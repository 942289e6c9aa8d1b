// The roles, written once: every role a user can have (users.role), the staff roles for the guards, the header's
// dashboard link and quiz access; all roles for the v1 user shape.
export const ROLES = ['user', 'admin', 'instructor'] as const
export type Role = (typeof ROLES)[number]
export const STAFF_ROLES = ['admin', 'instructor'] as const satisfies readonly Role[]

export const isStaff = (role: Role | string): boolean => (STAFF_ROLES as readonly string[]).includes(role)

/**
 * What a guarded page, file download or API endpoint asks of its caller: any signed-in user, staff (an admin or an
 * instructor), or an admin. `hasRole` is the one rule every guard applies (app/auth/guard.server.ts); the callers
 * differ only in how they answer a refusal.
 */
export const ROLE_NEEDS = ['signedIn', 'staff', 'admin'] as const
export type RoleNeed = (typeof ROLE_NEEDS)[number]

export function hasRole(role: Role | string, need: RoleNeed): boolean {
  switch (need) {
    case 'signedIn':
      return true
    case 'staff':
      return isStaff(role)
    case 'admin':
      return role === 'admin'
  }
}

/**
 * Where a page sends a signed-in user it refuses: staff (an instructor on an admin-only page) to the dashboard
 * they may use, everyone else home.
 */
export const refusedPageRedirect = (role: Role | string): string => (isStaff(role) ? '/admin/dashboard' : '/')
