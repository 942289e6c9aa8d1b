import { describe, expect, test } from 'vitest'
import { hasRole, isStaff, refusedPageRedirect, ROLE_NEEDS, ROLES } from './roles'

describe('hasRole', () => {
  // Every role against every need: the table the page, file and API guards all read.
  const expected: Record<(typeof ROLES)[number], Record<(typeof ROLE_NEEDS)[number], boolean>> = {
    user: { signedIn: true, staff: false, admin: false },
    instructor: { signedIn: true, staff: true, admin: false },
    admin: { signedIn: true, staff: true, admin: true },
  }
  for (const role of ROLES)
    for (const need of ROLE_NEEDS)
      test(`${role} ${expected[role][need] ? 'meets' : 'does not meet'} ${need}`, () => {
        expect(hasRole(role, need)).toBe(expected[role][need])
      })

  test('an unknown role is only signed in', () => {
    expect(hasRole('owner', 'signedIn')).toBe(true)
    expect(hasRole('owner', 'staff')).toBe(false)
    expect(hasRole('owner', 'admin')).toBe(false)
    expect(hasRole('Admin', 'admin')).toBe(false)
  })

  test('staff is exactly admin and instructor', () => {
    expect(ROLES.filter(isStaff)).toEqual(['admin', 'instructor'])
    expect(ROLES.filter((role) => hasRole(role, 'staff'))).toEqual(ROLES.filter(isStaff))
  })
})

describe('refusedPageRedirect', () => {
  test('staff go to the dashboard, learners home', () => {
    expect(refusedPageRedirect('instructor')).toBe('/admin/dashboard')
    expect(refusedPageRedirect('admin')).toBe('/admin/dashboard')
    expect(refusedPageRedirect('user')).toBe('/')
  })
})
