import { describe, expect, test } from 'vitest'
import { enrol } from '../../db/factories'
import { seedDemo } from '../../db/seed'
import * as note from '~/routes/learn/note'
import * as player from '~/routes/learn/player'
import { db, storeSeedImage, storeSeedNote } from '~/utils/db.server'
import * as quizImage from '~/routes/quiz/image'
import { getStorage } from '~/services/storage.server'
import { PEDIGREE_ALT } from '../../db/seed-data'
import { callRoute, signedInCookie } from '../support/harness'

// The demo seed's lectures carry sample notes: stored through the app's own storage, so the
// player lists them and the access-checked notes route serves each as a small, well-formed PDF.

describe('demo seed notes', () => {
  test('every seeded lecture has a note, and it downloads as a PDF for an enrolled learner', async () => {
    expect(await seedDemo(db, storeSeedNote, storeSeedImage)).toBe(true)
    const lectures = await db.selectFrom('lectures').select(['id', 'note_url', 'note_title']).execute()
    expect(lectures.length).toBeGreaterThan(10)
    for (const l of lectures) {
      expect(l.note_url).toMatch(/^notes\/[0-9a-f]{24}\.pdf$/)
      expect(l.note_title).toMatch(/\(notes\)$/)
    }

    const course = await db
      .selectFrom('courses')
      .select('id')
      .where('link_address', '=', 'iit-jam-biotechnology-live')
      .executeTakeFirstOrThrow()
    const learner = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'learner@biocoach.example')
      .executeTakeFirstOrThrow()
    await enrol(db, { userId: learner.id, courseId: course.id })
    const cookie = await signedInCookie(learner.id)

    const page = await callRoute(player.loader, `/my-courses/${course.id}`, { cookie, params: { id: course.id } })
    const listed = page.data.course.sections.flatMap(
      (s: { lectures: { id: string; hasNote: boolean }[] }) => s.lectures,
    )
    expect(listed.length).toBeGreaterThan(0)
    expect(listed.every((l: { hasNote: boolean }) => l.hasNote)).toBe(true)

    const lectureId = listed[0].id
    const file = await callRoute(note.loader, `/my-courses/${course.id}/notes/${lectureId}`, {
      cookie,
      params: { id: course.id, lectureId },
    })
    expect(file.status).toBe(200)
    expect(file.headers.get('Content-Type')).toBe('application/pdf')
    expect(file.headers.get('Content-Disposition')).toContain('filename="The-cell-and-its-organelles-notes.pdf"')
    const bytes = new Uint8Array(await file.response!.arrayBuffer())
    expect(bytes.byteLength).toBeLessThan(4096)
    const pdf = new TextDecoder().decode(bytes)
    expect(pdf.startsWith('%PDF-1.4\n')).toBe(true)
    expect(pdf).toContain('(The cell and its organelles \\(notes\\)) Tj')
    // Well formed: startxref points at the cross-reference table, and each entry at its object.
    const xref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(pdf)![1])
    expect(pdf.slice(xref, xref + 4)).toBe('xref')
    const offsets = [...pdf.slice(xref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]))
    expect(offsets).toHaveLength(5)
    offsets.forEach((o, i) => expect(pdf.slice(o, o + `${i + 1} 0 obj`.length)).toBe(`${i + 1} 0 obj`))
  })

  test('the IIT JAM paper has a figure stored like a staff upload, shown in its question and served to anyone', async () => {
    await seedDemo(db, storeSeedNote, storeSeedImage)
    const paper = await db
      .selectFrom('quizzes')
      .select('id')
      .where('title', '=', 'IIT JAM Biotechnology Mock Paper')
      .executeTakeFirstOrThrow()
    const image = await db
      .selectFrom('quiz_images')
      .select(['id', 'name', 'alt', 'storage_key', 'content_type', 'width', 'height'])
      .where('quiz_id', '=', paper.id)
      .executeTakeFirstOrThrow()
    expect(image).toMatchObject({ name: 'pedigree.png', alt: PEDIGREE_ALT, content_type: 'image/png', width: 360 })
    expect(image.storage_key).toMatch(new RegExp(`^quizzes/${paper.id}/[0-9a-f]{24}\\.png$`))
    expect((await getStorage().get(image.storage_key))?.body.byteLength).toBeGreaterThan(1000)
    const shown = await db
      .selectFrom('questions')
      .select('question_html')
      .where('quiz_id', '=', paper.id)
      .where('question_html', 'like', `%/quiz-images/${image.id}/pedigree.png%`)
      .execute()
    expect(shown).toHaveLength(1)
    const served = await callRoute(quizImage.loader, `/quiz-images/${image.id}/pedigree.png`, {
      params: { imageId: image.id, name: 'pedigree.png' },
    })
    expect(served.status).toBe(200)
    expect(served.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable')
  })
})
