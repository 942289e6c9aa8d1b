import { useEffect, useId, useRef, useState } from 'react'
import { ErrorList, type ListOfErrors } from '~/components/forms'
import { useHydrated } from '~/hooks/use-hydrated'
import { megabytesLabel, retryDelayMs, VIDEO_ACCEPT } from '~/lib/video/upload-rules'

// A lecture's video file field. Without JavaScript it is a plain file input (`videoFile`) posted with the form. With
// JavaScript, choosing a file starts a resumable upload to /admin/video-uploads (app/routes/admin/video-upload.ts):
// chunk by chunk, with a progress bar; a dropped connection pauses it, and it retries with backoff from the offset the
// server says it has, so a 1 GB upload on a poor connection never starts over. Once the server has the whole file
// and has checked it, the input is cleared and the form carries `videoUpload=<id>` instead; a submit while the
// upload runs waits for it.

type State =
  | { kind: 'idle' }
  | { kind: 'uploading'; name: string; sent: number; total: number; paused: boolean }
  | { kind: 'checking'; name: string; total: number }
  | { kind: 'done'; id: string; name: string; total: number }
  | { kind: 'failed'; message: string }

type Answer = { status: number; body: { success?: boolean; message?: string; received?: number; complete?: boolean } }

const MB = 1024 * 1024
const mb = (bytes: number) =>
  (bytes / MB).toLocaleString('en-IN', { maximumFractionDigits: 1, minimumFractionDigits: 1 })
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

function putChunk(
  url: string,
  blob: Blob,
  range: string,
  onProgress: (loaded: number) => void,
  xhrs: Set<XMLHttpRequest>,
) {
  return new Promise<Answer>((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhrs.add(xhr)
    xhr.open('PUT', url)
    xhr.setRequestHeader('Content-Range', range)
    xhr.setRequestHeader('Content-Type', 'application/octet-stream')
    xhr.upload.onprogress = (e) => onProgress(e.loaded)
    xhr.onload = () => {
      xhrs.delete(xhr)
      let body = {}
      try {
        body = JSON.parse(xhr.responseText || '{}') as Answer['body']
      } catch {}
      resolve({ status: xhr.status, body })
    }
    xhr.onerror =
      xhr.onabort =
      xhr.ontimeout =
        () => {
          xhrs.delete(xhr)
          reject(new Error('connection lost'))
        }
    xhr.send(blob)
  })
}

export function VideoUploadField({ errors, maxMb }: { errors?: ListOfErrors; maxMb: number }) {
  const hydrated = useHydrated()
  const id = useId()
  const inputRef = useRef<HTMLInputElement>(null)
  const [state, setState] = useState<State>({ kind: 'idle' })
  const [waiting, setWaiting] = useState(false)
  const run = useRef(0)
  const xhrs = useRef(new Set<XMLHttpRequest>())
  const uploadId = useRef<string | null>(null)
  const busy = state.kind === 'uploading' || state.kind === 'checking'

  // A submit while the upload runs waits for it (the form would otherwise go without the video).
  useEffect(() => {
    const form = inputRef.current?.form
    if (!form || !busy) return
    const hold = (event: SubmitEvent) => {
      event.preventDefault()
      event.stopPropagation()
      setWaiting(true)
    }
    form.addEventListener('submit', hold)
    return () => form.removeEventListener('submit', hold)
  }, [busy])

  // The upload finished while a submit waited: send the form now.
  useEffect(() => {
    if (state.kind === 'done' && waiting) {
      setWaiting(false)
      inputRef.current?.form?.requestSubmit()
    }
  }, [state, waiting])

  function stop() {
    run.current++
    for (const xhr of xhrs.current) xhr.abort()
    xhrs.current.clear()
  }

  async function upload(file: File) {
    stop()
    const mine = ++run.current
    const current = () => run.current === mine
    setState({ kind: 'uploading', name: file.name, sent: 0, total: file.size, paused: false })
    let started: Response
    try {
      started = await fetch('/admin/video-uploads', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ fileName: file.name, size: file.size }),
      })
    } catch {
      if (current())
        setState({
          kind: 'failed',
          message: 'The upload could not start: check your connection and choose the file again.',
        })
      return
    }
    const begun = (await started.json().catch(() => ({}))) as { id?: string; chunkSize?: number; message?: string }
    if (!current()) return
    if (!started.ok || !begun.id || !begun.chunkSize) {
      setState({ kind: 'failed', message: begun.message ?? 'The upload could not start.' })
      return
    }
    const url = `/admin/video-uploads/${begun.id}`
    uploadId.current = begun.id
    let offset = 0
    let attempt = 0
    // Chunks sized to take about 20 s on this connection (at most the server's size): on a slow line a chunk lost
    // to a drop costs little, and no single request runs long enough for a proxy or the server to time it out.
    let size = Math.min(begun.chunkSize, 1024 * 1024)
    while (current()) {
      const end = Math.min(offset + size, file.size) - 1
      const sentAt = Date.now()
      const last = end === file.size - 1
      const from = offset
      try {
        const answer = await putChunk(
          url,
          file.slice(from, end + 1),
          `bytes ${from}-${end}/${file.size}`,
          (loaded) => {
            if (!current()) return
            if (last && from + loaded >= file.size) setState({ kind: 'checking', name: file.name, total: file.size })
            else setState({ kind: 'uploading', name: file.name, sent: from + loaded, total: file.size, paused: false })
          },
          xhrs.current,
        )
        if (!current()) return
        if (answer.status === 200 && answer.body.complete) {
          if (inputRef.current) inputRef.current.value = ''
          setState({ kind: 'done', id: begun.id, name: file.name, total: file.size })
          return
        }
        if ((answer.status === 200 || answer.status === 409) && typeof answer.body.received === 'number') {
          if (answer.status === 200) {
            const perSecond = ((answer.body.received - offset) * 1000) / Math.max(1, Date.now() - sentAt)
            size = Math.max(256 * 1024, Math.min(begun.chunkSize, Math.round(perSecond * 20)))
          }
          offset = answer.body.received
          attempt = 0
          continue
        }
        if (answer.status >= 500) throw new Error('server error')
        uploadId.current = null
        if (inputRef.current) inputRef.current.value = ''
        setState({ kind: 'failed', message: answer.body.message ?? 'The video was refused.' })
        return
      } catch {
        if (!current()) return
        setState({ kind: 'uploading', name: file.name, sent: offset, total: file.size, paused: true })
        size = Math.max(256 * 1024, Math.floor(size / 2))
        await sleep(retryDelayMs(attempt++))
        if (!current()) return
        try {
          const asked = await fetch(url, { headers: { Accept: 'application/json' } })
          const body = (await asked.json()) as { received?: number }
          if (asked.ok && typeof body.received === 'number') offset = body.received
          else if (asked.status === 404) {
            setState({ kind: 'failed', message: 'The upload expired: choose the file again.' })
            return
          }
        } catch {
          // Still offline: the next round waits longer.
        }
      }
    }
  }

  function cancel() {
    stop()
    const dropped = uploadId.current
    uploadId.current = null
    if (dropped) void fetch(`/admin/video-uploads/${dropped}`, { method: 'DELETE' }).catch(() => {})
    if (inputRef.current) inputRef.current.value = ''
    setWaiting(false)
    setState({ kind: 'idle' })
  }

  useEffect(() => () => stop(), [])

  const shown = state.kind === 'failed' ? [state.message, ...(errors ?? [])] : errors
  const errorId = shown?.filter(Boolean).length ? `${id}-error` : undefined
  const hintId = `${id}-hint`
  return (
    <div className="mb-4">
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        Video file (or a link above)
      </label>
      <input
        ref={inputRef}
        id={id}
        type="file"
        name="videoFile"
        accept={VIDEO_ACCEPT}
        className="block w-full text-sm"
        aria-invalid={errorId ? true : undefined}
        aria-describedby={[errorId, hintId].filter(Boolean).join(' ')}
        onChange={(e) => {
          const file = e.currentTarget.files?.[0]
          if (!hydrated) return
          if (file) void upload(file)
          else cancel()
        }}
      />
      <p id={hintId} className="mt-1 text-xs text-slate-500 dark:text-slate-400">
        MP4, MOV, MKV or WebM, at most {megabytesLabel(maxMb)}. It is converted for slow connections after saving.
      </p>
      {state.kind === 'done' ? <input type="hidden" name="videoUpload" value={state.id} /> : null}
      <div aria-live="polite" className="text-sm">
        {state.kind === 'uploading' || state.kind === 'checking' ? (
          <div className="mt-2">
            <progress
              className="h-2 w-full accent-emerald-600"
              max={100}
              value={state.kind === 'checking' ? 100 : Math.floor((state.sent / Math.max(1, state.total)) * 100)}
              aria-label={`Uploading ${state.name}`}
            />
            <p className="mt-1">
              {state.kind === 'checking'
                ? `Uploaded ${mb(state.total)} MB. Checking the video…`
                : state.paused
                  ? `Paused: connection lost, retrying… (${mb(state.sent)} of ${mb(state.total)} MB sent)`
                  : `${Math.floor((state.sent / Math.max(1, state.total)) * 100)}% · ${mb(state.sent)} of ${mb(state.total)} MB`}
            </p>
            {waiting ? <p>The form is sent as soon as the video has uploaded.</p> : null}
          </div>
        ) : null}
        {state.kind === 'done' ? (
          <p className="mt-2 wrap-anywhere">
            Uploaded {state.name} ({mb(state.total)} MB). Save to attach it.
          </p>
        ) : null}
      </div>
      {busy || state.kind === 'done' ? (
        <button
          type="button"
          onClick={cancel}
          className="mt-2 text-sm font-semibold text-red-700 underline dark:text-red-400"
        >
          {state.kind === 'done' ? 'Remove this video' : 'Cancel upload'}
        </button>
      ) : null}
      <ErrorList id={errorId} errors={shown} />
    </div>
  )
}
