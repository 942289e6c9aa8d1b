import type { UserListRow } from '~/models/accounts/user.server'
import { formatIndiaDate } from '~/lib/dates'
import { Table, Td, UserCell } from './ui'

export type UserListItem = Omit<UserListRow, 'hasAccessToQuizzes'>

const roleLabel = (role: string) => (role === 'user' ? 'Learner' : role.charAt(0).toUpperCase() + role.slice(1))

/** Dashboard and All Users columns. */
export function UsersTable({ users, empty }: { users: UserListItem[]; empty: string }) {
  return (
    <Table
      head={['Name/email', 'Role', 'Mobile No.', 'Date Joined', 'Is Premium', 'Institute Name']}
      empty={users.length === 0 ? empty : undefined}
    >
      {users.map((u) => (
        <tr key={u.id}>
          <Td>
            <UserCell name={u.name} email={u.email} profileImage={u.profileImage} />
          </Td>
          <Td>{roleLabel(u.role)}</Td>
          <Td>{u.mobileNumber || '---'}</Td>
          <Td className="whitespace-nowrap">{formatIndiaDate(u.createdAt)}</Td>
          <Td>{u.isPremiumMember ? 'Yes' : 'No'}</Td>
          <Td>{u.instituteName || '---'}</Td>
        </tr>
      ))}
    </Table>
  )
}
