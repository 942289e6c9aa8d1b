import type { SelectQueryBuilder } from 'kysely'

/**
 * One page of a listing query, pages counted from 1 (0 or less reads as the first). Without a page size the
 * whole list: exports and the older client's unpaged calls read every row.
 */
export function onePage<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  { page = 1, pageSize }: { page?: number; pageSize?: number },
): SelectQueryBuilder<DB, TB, O> {
  return pageSize ? query.limit(pageSize).offset((Math.max(1, page) - 1) * pageSize) : query
}
