import type { Kysely } from 'kysely'

// Question markup is stored rendered (README "Question markup"): beside each question version's source, the
// sanitised HTML that pages show, written when the version is saved (app/models/quiz/editing.server.ts), so a page
// never renders markup on a request.
// - `question_html`: the question text's HTML; `options_html`: a JSON array of the options' HTML, in order, inline
//   (an option sits in a label: no paragraph around it; '[]' for nat); `explanation_html`: the explanation's HTML,
//   null when there is no explanation.
// - `plain_text`: 1 when every field's HTML says exactly its source text (no formula, image, emphasis or escape),
//   0 otherwise. The older client shows the source, so only quizzes made of such questions are offered to it
//   (docs/legacy-api.md); the flag is set when the version is saved, so its quiz list needs no HTML.
// - Existing rows were written as plain text, where `$`, `*` or `<` meant themselves, so they are filled here as
//   that plain text: escaped, a paragraph per blank-line-separated block, a line break per newline. Rendering them
//   as markup instead could change what a saved question says or fail outright (a lone `$`). A question keeps this
//   HTML until staff change it; the changed version is rendered as markup and checked when saved.
// - The fill is computed here in JavaScript and written row by row, so both databases get byte-identical HTML
//   (no SQL string functions, which differ between SQLite and PostgreSQL). Migrations never import app code, so
//   the few lines of escaping live here.
// - The defaults exist only because SQLite adds a NOT NULL column to a filled table only with one; every insert
//   writes the columns (the table types in db/schema.ts require them).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('questions')
    .addColumn('question_html', 'text', (c) => c.notNull().defaultTo(''))
    .execute()
  await db.schema
    .alterTable('questions')
    .addColumn('options_html', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute()
  await db.schema.alterTable('questions').addColumn('explanation_html', 'text').execute()
  // Every existing row is plain text, filled as such below.
  await db.schema
    .alterTable('questions')
    .addColumn('plain_text', 'integer', (c) => c.notNull().defaultTo(1))
    .execute()

  const rows: { id: string; question_text: string; options: string; explanation: string | null }[] = await db
    .selectFrom('questions')
    .select(['id', 'question_text', 'options', 'explanation'])
    .execute()
  for (const row of rows) {
    await db
      .updateTable('questions')
      .set({
        question_html: plainTextHtml(row.question_text),
        options_html: JSON.stringify(readOptions(row.options).map(plainTextLine)),
        explanation_html: row.explanation ? plainTextHtml(row.explanation) : null,
      })
      .where('id', '=', row.id)
      .execute()
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('questions').dropColumn('plain_text').execute()
  await db.schema.alterTable('questions').dropColumn('explanation_html').execute()
  await db.schema.alterTable('questions').dropColumn('options_html').execute()
  await db.schema.alterTable('questions').dropColumn('question_html').execute()
}

function readOptions(json: string): string[] {
  try {
    const value = JSON.parse(json)
    return Array.isArray(value) ? value.map(String) : []
  } catch {
    return []
  }
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** An option as inline HTML (it sits in a label): escaped, newlines as line breaks. */
function plainTextLine(text: string): string {
  return text.trim().replace(/\r\n?/g, '\n').split('\n').map(escapeHtml).join('<br />\n')
}

/** Plain text as HTML: escaped, blank lines separate paragraphs, single newlines are line breaks. */
function plainTextHtml(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n+/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${p.split('\n').map(escapeHtml).join('<br />\n')}</p>\n`)
    .join('')
}
