import { renderToStaticMarkup } from 'react-dom/server'
import { createRoutesStub } from 'react-router'
import { expect, test } from 'vitest'
import { DoubtsPage } from './doubts-page'
import { LectureDoubtsSection } from './lecture-doubts-section'
import type { DoubtCard, DoubtFormSettings, ThreadView } from './types'

// The doubt views server-rendered, as a learner without JavaScript gets them: each doubt's parts, the helpful button
// only on others' answered doubts, the pages, and the form with a refusal beside its field and what was typed.

const settings: DoubtFormSettings = {
  withVideoAt: true,
  maxChars: '5,000',
  imageMaxBytes: 1024 * 1024,
  imageTooBig: 'The image is larger than 1 MB. Please choose a smaller one.',
}
const card = (over: Partial<DoubtCard>): DoubtCard => ({
  id: 'a'.repeat(24),
  deleted: false,
  bodyHtml: '<p>Why 3:1?</p>',
  imageUrl: null,
  videoAt: null,
  clock: null,
  pending: false,
  answer: { bodyHtml: '<p>Dominance.</p>', imageUrl: null },
  helped: 0,
  helpedByMe: false,
  mine: false,
  ...over,
})
const thread = (over: Partial<ThreadView> = {}): ThreadView => ({
  answeredCount: 12,
  page: 1,
  pages: 2,
  trimmed: false,
  answered: [
    card({ id: '1'.repeat(24), helped: 3, videoAt: 754, clock: '12:34', imageUrl: '/doubt-images/x/question' }),
    card({ id: '2'.repeat(24), helped: 2, helpedByMe: true }),
    card({ id: '3'.repeat(24), mine: true, helped: 1 }),
    card({ id: '4'.repeat(24), deleted: true, bodyHtml: null }),
  ],
  pending: [card({ id: '5'.repeat(24), mine: true, pending: true, answer: null, bodyHtml: '<p>Mine, waiting</p>' })],
  ...over,
})

function render(element: React.ReactNode) {
  const Stub = createRoutesStub([{ path: '/', Component: () => element }])
  return renderToStaticMarkup(<Stub initialEntries={['/']} />)
}

test("the player's section: heading, pending, answered, 'More answered doubts', the form posting to the page", () => {
  const html = render(
    <LectureDoubtsSection
      courseId={'c'.repeat(24)}
      lectureId={'l'.repeat(24)}
      thread={thread()}
      settings={settings}
      staff={false}
    />,
  )
  const page = `/my-courses/${'c'.repeat(24)}/doubts/${'l'.repeat(24)}`
  expect(html).toContain('id="doubts"')
  expect(html).toContain('Answered doubts (12)')
  expect(html).toContain('Waiting for an answer')
  expect(html).toContain('Mine, waiting')
  expect(html).toMatch(new RegExp(`href="${page}\\?page=2"[^>]*>More answered doubts</a>`))
  expect(html).toMatch(new RegExp(`href="/my-courses/c{24}\\?lecture=l{24}&amp;t=754"[^>]*>at 12:34</a>`))
  expect(html).toMatch(/<img [^>]*loading="lazy"[^>]*width="256" height="192"/)
  // 'This helped me' only on others' answered doubts not marked yet (the deleted account's too); the counts beside.
  expect(html.match(/This helped me/g)).toHaveLength(2)
  expect(html).toContain('3 found this helpful')
  expect(html).toContain('You found this helpful (2 found this helpful)')
  expect(html).toContain('1 found this helpful')
  expect(html).toContain('The learner&#x27;s account was deleted.')
  expect(html).toContain(`action="${page}"`)
  expect(html).toMatch(/enctype="multipart\/form-data"/i)
  expect(html).toContain('name="from" value="player"')
  for (const name of ['body', 'videoAt', 'image']) expect(html).toContain(`name="${name}"`)
  expect(html).toContain('Ask doubt')
  // The video's-time button comes only with script.
  expect(html).not.toContain('Use the video')
  expect(html).not.toMatch(/<script/)
})

test('staff read the thread without the form or the helpful button', () => {
  const html = render(
    <LectureDoubtsSection
      courseId={'c'.repeat(24)}
      lectureId={'l'.repeat(24)}
      thread={thread()}
      settings={settings}
      staff
    />,
  )
  expect(html).not.toContain('This helped me')
  expect(html).not.toContain('name="body"')
  expect(html).toContain('href="/admin/doubts"')
})

test('a page: Previous/Next, and a refusal beside its field with what was typed', () => {
  const html = render(
    <DoubtsPage
      title="Doubts: Mendel"
      back={{ href: '/back', label: 'Back to the lecture' }}
      path="/p"
      thread={thread({ page: 2, pages: 3 })}
      settings={settings}
      reply={{
        field: 'videoAt',
        message: 'Give the time in the video as minutes:seconds (12:34) or as seconds.',
        values: { body: 'Typed <b>text</b>', videoAt: '99:99' },
        imageChosen: true,
        lost: false,
      }}
      error={null}
      staff={false}
    />,
  )
  expect(html).toMatch(/rel="prev" href="\/p#doubts"[^>]*>Previous<\/a>/)
  expect(html).toMatch(/rel="next" href="\/p\?page=3#doubts"[^>]*>Next<\/a>/)
  expect(html).toContain('Page 2 of 3')
  expect(html).toContain('role="alert"')
  expect(html).toContain('Please choose your image again')
  expect(html).toContain('Typed &lt;b&gt;text&lt;/b&gt;</textarea>')
  expect(html).toContain('value="99:99"')
  expect(html).toMatch(
    /id="doubt-videoAt"[^>]*aria-invalid="true"[^>]*aria-describedby="doubt-videoAt-error doubt-videoAt-hint"/,
  )
  expect(html).toContain('id="doubt-videoAt-error"')
  expect(html).toContain('name="page" value="2"')
  expect(html).toContain('name="from" value="page"')
})
