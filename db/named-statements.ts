// PostgreSQL named statements for the prepared hot queries (docs/decisions/036-turns-and-named-statements.md).
//
// pg sends every query as an unnamed statement: the server parses, analyses and plans its text afresh each time. A
// statement sent with a name is parsed once per connection and then only bound and executed. The queries of
// ./prepared.ts (what every exam request runs, thousands of times a second at a live mock) register their SQL text
// here when first compiled; the PostgreSQL pool (./client.ts) sends exactly those texts by name, everything else as
// before. The set is small and fixed by the code (one text per prepared query and dialect), so a connection holds a
// few dozen statements at most; the cap only guards against a mistake.

const MAX_NAMED = 200
const names = new Map<string, string>()

/** Marks `sql` as a hot statement's text: PostgreSQL connections parse it once and keep it by name. */
export function nameStatement(sql: string): void {
  if (names.has(sql) || names.size >= MAX_NAMED) return
  names.set(sql, `hot_${names.size + 1}`)
}

/** The name `sql` is sent under, or undefined when it is sent unnamed (parsed each time). */
export function statementName(sql: string): string | undefined {
  return names.get(sql)
}

type QueryResult = { command: string; rowCount: number | null; rows: unknown[] }
type QueryingClient = {
  query(text: string | { name?: string; text: string; values?: unknown[] }, values?: unknown[]): Promise<QueryResult>
}

/**
 * Makes a pg client send the registered hot texts as named statements. Kysely calls `client.query(sql, parameters)`;
 * that call (and only that shape) becomes `client.query({ name, text, values })` when `sql` is a hot text.
 */
export function sendHotStatementsNamed(client: QueryingClient): void {
  const query = client.query.bind(client) as QueryingClient['query']
  client.query = ((text: unknown, values?: unknown[], ...rest: unknown[]) => {
    if (typeof text === 'string' && rest.length === 0 && (values === undefined || Array.isArray(values))) {
      const name = statementName(text)
      if (name) return query({ name, text, values })
    }
    return (query as (...args: unknown[]) => Promise<QueryResult>)(text, values, ...rest)
  }) as QueryingClient['query']
}
