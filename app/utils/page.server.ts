import { sql, type SelectQueryBuilder } from 'kysely'

// What staff lists share: one page of rows, and the name search their ?q= filters by.

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

/** `name contains q`, case-insensitive, with LIKE wildcards in q taken literally (the same on both databases). */
export function nameContains(column: string, q: string) {
  const pattern = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`
  return sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`
}
