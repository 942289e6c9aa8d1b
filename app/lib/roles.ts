import type { Role } from '../../db/schema'

// The staff roles (spec 2 §6), written once for the server guards and the header's dashboard link.
export const isStaff = (role: Role | string) => role === 'admin' || role === 'instructor'
