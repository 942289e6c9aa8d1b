import { Avatar, formatDate, Table, Td } from './ui'

export type UserListItem = {
  id: string
  name: string
  email: string
  role: string
  profileImage: string | null
  mobileNumber: string | null
  instituteName: string | null
  isPremiumMember: boolean
  createdAt: string
}

const roleLabel = (role: string) => (role === 'user' ? 'Learner' : role.charAt(0).toUpperCase() + role.slice(1))

/** Dashboard and All Users columns (spec 2 §2). */
export function UsersTable({ users, empty }: { users: UserListItem[]; empty: string }) {
  return (
    <Table head={['Name/email', 'Role', 'Mobile No.', 'Date Joined', 'Is Premium', 'Institute Name']} empty={users.length === 0 ? empty : undefined}>
      {users.map((u) => (
        <tr key={u.id}>
          <Td>
            <div className="flex items-center gap-2">
              <Avatar src={u.profileImage} name={u.name} />
              <div>
                <p className="font-medium">{u.name}</p>
                <p className="text-xs text-slate-500 dark:text-slate-400">{u.email}</p>
              </div>
            </div>
          </Td>
          <Td>{roleLabel(u.role)}</Td>
          <Td>{u.mobileNumber || '---'}</Td>
          <Td className="whitespace-nowrap">{formatDate(u.createdAt)}</Td>
          <Td>{u.isPremiumMember ? 'Yes' : 'No'}</Td>
          <Td>{u.instituteName || '---'}</Td>
        </tr>
      ))}
    </Table>
  )
}
