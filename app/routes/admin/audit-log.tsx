import { PageTitle, pageCount, Pagination, Table, Td } from '~/components/admin/ui'
import { listAudit } from '~/models/audit/audit.server'
import { readListParams } from '~/schemas/admin'
import { requireRole } from '~/auth/guard.server'
import type { Route } from './+types/audit-log'
import { indiaDateTime } from '~/lib/dates'

// Who did what, when (admin only).
const PAGE_SIZE = 20

export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, 'admin')
  const { page } = readListParams(request)
  const { total, entries } = await listAudit({ page, pageSize: PAGE_SIZE })
  return { page, pages: pageCount(total, PAGE_SIZE), entries }
}

export const meta: Route.MetaFunction = () => [{ title: 'Audit Log | Admin' }]

const when = (iso: string) => indiaDateTime.format(new Date(iso))

function describe(details: Record<string, unknown> | null) {
  if (!details) return ''
  return Object.entries(details)
    .map(([k, v]) => `${k}: ${typeof v === 'object' ? JSON.stringify(v) : String(v)}`)
    .join(', ')
}

export default function AuditLog({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageTitle>Audit Log</PageTitle>
      <Table
        head={['When', 'Who', 'What', 'Target', 'Details']}
        empty={loaderData.entries.length === 0 ? 'No staff actions recorded yet' : undefined}
      >
        {loaderData.entries.map((e) => (
          <tr key={e.id}>
            <Td className="whitespace-nowrap">{when(e.createdAt)}</Td>
            <Td>{e.actor}</Td>
            <Td>{e.label}</Td>
            <Td className="font-mono text-xs">
              {e.targetType}
              {e.targetId ? ` ${e.targetId}` : ''}
            </Td>
            <Td className="text-xs break-all">{describe(e.details)}</Td>
          </tr>
        ))}
      </Table>
      <Pagination page={loaderData.page} pageCount={loaderData.pages} />
    </>
  )
}
