import { Link } from 'react-router'
import {
  buttonClass,
  DeleteDialog,
  DeleteLink,
  PageTitle,
  pageCount,
  Pagination,
  Table,
  Td,
} from '~/components/admin/ui'
import { COUPON_PAGE_SIZE } from '~/lib/constants'
import { formatIndiaDate } from '~/lib/dates'
import { isId } from '~/lib/ids'
import { CouponError, deleteCoupon, getCoupon, listCoupons } from '~/models/money/coupon.server'
import { readListParams } from '~/schemas/admin'
import { readForm } from '~/utils/body.server'
import { requireRole } from '~/auth/guard.server'
import { redirectWithError, redirectWithSuccess } from '~/utils/toast.server'
import type { Route } from './+types/coupons'
import { deleteAsked, listAddress } from './delete-step.server'

// Coupons (admin only): 5 a page, delete after a confirmation (?delete=id: a dialog, also without JS).
export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, 'admin')
  const { page } = readListParams(request)
  const { total, coupons } = await listCoupons({ page, pageSize: COUPON_PAGE_SIZE })
  const deleteId = deleteAsked(request)
  const toDelete = deleteId ? ((await getCoupon(deleteId)) ?? null) : null
  return {
    page,
    total,
    coupons,
    pages: pageCount(total, COUPON_PAGE_SIZE),
    toDelete: toDelete ? { id: toDelete.id, code: toDelete.code } : null,
  }
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireRole(request, 'admin')
  const form = await readForm(request)
  const couponId = form.get('couponId')
  const back = listAddress(request)
  if (typeof couponId !== 'string' || !isId(couponId)) throw await redirectWithError(back, 'Failed to delete coupon')
  try {
    await deleteCoupon({ actorId: admin.id, couponId })
  } catch (error) {
    if (error instanceof CouponError) throw await redirectWithError(back, 'Failed to delete coupon')
    throw error
  }
  throw await redirectWithSuccess(back, 'Coupon deleted successfully')
}

export const meta: Route.MetaFunction = () => [{ title: 'Coupons | Admin' }]

export default function Coupons({ loaderData }: Route.ComponentProps) {
  const { toDelete, coupons } = loaderData
  return (
    <>
      <PageTitle
        actions={
          <Link to="/admin/create-coupon" className={buttonClass}>
            Create Coupon
          </Link>
        }
      >
        Coupons
      </PageTitle>
      <Table
        head={['Coupon Code', 'Discount', 'Course', 'Expires', 'Usage Limit', 'Actions']}
        empty={coupons.length === 0 ? 'No coupons found' : undefined}
      >
        {coupons.map((c) => (
          <tr key={c.id}>
            <Td className="font-mono uppercase">{c.code}</Td>
            <Td>{c.discount}%</Td>
            <Td>{c.cardTitle ?? '---'}</Td>
            <Td>{c.expiresAt ? formatIndiaDate(c.expiresAt) : 'Never'}</Td>
            <Td>{c.usageLimit ?? 'Unlimited'}</Td>
            <Td>
              <DeleteLink id={c.id} />
            </Td>
          </tr>
        ))}
      </Table>
      <Pagination page={loaderData.page} pageCount={loaderData.pages} />
      {toDelete ? (
        <DeleteDialog title="Delete Coupon" field="couponId" value={toDelete.id}>
          <p>
            Delete the coupon <span className="font-mono uppercase">{toDelete.code}</span>? This action cannot be
            undone.
          </p>
        </DeleteDialog>
      ) : null}
    </>
  )
}
