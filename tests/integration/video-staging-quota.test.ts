// The staging space of resumable video uploads (docs/decisions/040-video-upload-integrity.md): what one staff member's
// unfinished uploads may hold (VIDEO_STAGING_STAFF_MB) and what everyone's may (VIDEO_STAGING_TOTAL_MB), refused
// with a message staff can act on, also when many starts arrive at once; and the uploads abandoned for a day are
// removed by the scheduled sweep (runSweep, the step startScheduledWork runs), not only when another upload starts.
import fs from 'node:fs'
import path from 'node:path'
import { beforeEach, describe, expect, test, vi } from 'vitest'
import { callRoute, signedInUser } from '../support/harness'

vi.hoisted(() => {
  process.env.VIDEO_MAX_MB = '1'
  process.env.VIDEO_STAGING_STAFF_MB = '2'
  process.env.VIDEO_STAGING_TOTAL_MB = '3'
})

const { db } = await import('~/utils/db.server')
const uploadsRoute = await import('~/routes/admin/video-uploads')
const uploadRoute = await import('~/routes/admin/video-upload')
const { requestContext } = await import('~/utils/request-context')
const { runSweep } = await import('~/models/sweep/sweep.server')

const MB = 1024 * 1024
const stagingDir = path.join(path.dirname(path.resolve(process.env.DATABASE_PATH!)), 'video-staging')

// Each test starts with nothing staged (an upload's chunks go with it: the foreign key cascades).
beforeEach(async () => {
  await db.deleteFrom('video_uploads').execute()
})

async function start(cookie: string, size = MB) {
  const res = await callRoute(uploadsRoute.action, '/admin/video-uploads', {
    method: 'POST',
    json: { fileName: 'lecture.mp4', size },
    cookie,
  })
  return {
    status: res.status,
    id: (res.data as { id?: string }).id!,
    message: (res.data as { message?: string }).message,
  }
}

async function call(method: 'PUT' | 'DELETE', id: string, cookie: string, body?: Uint8Array<ArrayBuffer>, size = MB) {
  const headers: Record<string, string> = { Cookie: cookie }
  if (body) headers['Content-Range'] = `bytes 0-${body.length - 1}/${size}`
  const request = new Request(`http://localhost/admin/video-uploads/${id}`, { method, headers, body })
  const response = (await uploadRoute.action({
    request,
    params: { uploadId: id },
    context: requestContext('10.0.0.1'),
  } as never)) as Response
  return response.status
}

describe('the staging quotas', () => {
  test('one staff member: past their quota the start is refused with the reason; a cancel makes room', async () => {
    const { cookie } = await signedInUser('instructor')
    const first = await start(cookie)
    expect(first.status).toBe(201)
    expect((await start(cookie)).status).toBe(201)
    const over = await start(cookie, 1)
    expect(over).toMatchObject({
      status: 413,
      message:
        'Your unfinished video uploads already hold 2 MB of your 2 MB: finish or cancel them first ' +
        '(an upload left untouched for a day is removed)',
    })
    expect(await call('DELETE', first.id, cookie)).toBe(200)
    expect((await start(cookie)).status).toBe(201)
  })

  test('everyone: past the total the next start is refused, whoever asks', async () => {
    for (let i = 0; i < 3; i++) expect((await start((await signedInUser('instructor')).cookie)).status).toBe(201)
    const { cookie } = await signedInUser('admin')
    expect(await start(cookie, 1)).toMatchObject({
      status: 507,
      message: "The server's space for video uploads (3 MB) is full: try again once other uploads finish",
    })
  })

  test('ten starts at once by one staff member: exactly their quota’s worth is taken', async () => {
    const { cookie } = await signedInUser('instructor')
    const answers = await Promise.all(Array.from({ length: 10 }, () => start(cookie)))
    expect(answers.filter((a) => a.status === 201)).toHaveLength(2)
    expect(answers.filter((a) => a.status === 413)).toHaveLength(8)
    const held = await db.selectFrom('video_uploads').select('size').execute()
    expect(held.reduce((sum, r) => sum + Number(r.size), 0)).toBe(2 * MB)
  })
})

describe('the scheduled sweep', () => {
  test('removes uploads untouched for a day (row, chunks, file) and so frees their room; fresh ones stay', async () => {
    const { cookie } = await signedInUser('instructor')
    const stale = await start(cookie)
    expect(await call('PUT', stale.id, cookie, new Uint8Array(1000))).toBe(200)
    const fresh = await start(cookie)
    expect((await start(cookie, 1)).status).toBe(413)
    const old = new Date(Date.now() - 25 * 60 * 60 * 1000)
    await db.updateTable('video_uploads').set({ updated_at: old.toISOString() }).where('id', '=', stale.id).execute()
    fs.utimesSync(path.join(stagingDir, stale.id), old, old)

    await runSweep({ send: async () => {}, origin: 'https://x.example' })
    const left = await db.selectFrom('video_uploads').select('id').execute()
    expect(left.map((r) => r.id)).toEqual([fresh.id])
    expect(
      await db.selectFrom('video_upload_chunks').select('upload_id').where('upload_id', '=', stale.id).execute(),
    ).toEqual([])
    expect(fs.existsSync(path.join(stagingDir, stale.id))).toBe(false)
    expect(fs.existsSync(path.join(stagingDir, fresh.id))).toBe(true)
    expect((await start(cookie)).status).toBe(201)
  })
})
