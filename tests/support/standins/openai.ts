import http from 'node:http'
import type { AddressInfo } from 'node:net'
import type { StandInStarter } from './index'

// An OpenAI-shaped server for /v1/chat/completions. What it answers depends on the request's text, so tests pick:
//  - a title or topic containing 'malformed'  -> content that is not JSON
//  - 'wrong-count'                             -> one question fewer than asked
//  - 'empty-answer'                            -> an empty message content
//  - 'server-error'                            -> HTTP 500
//  - 'latex'                                   -> good questions whose text and options use LaTeX and mhchem;
//                                                 with 'bad-latex' instead, question 2's option C names \foo
//  - anything else                             -> exactly the asked number of good questions
// The asked number comes from the JSON schema's minItems (falling back to 'Number of questions: N').

export type OpenAiStandIn = { url: string; port: number; requests: unknown[]; close: () => Promise<void> }

function questions(n: number, topic: string) {
  return Array.from({ length: n }, (_, i) => ({
    questionText: `Stand-in question ${i + 1} about ${topic}?`,
    options: [`Option A${i + 1}`, `Option B${i + 1}`, `Option C${i + 1}`, `Option D${i + 1}`],
    correctOption: i % 4,
    explanation: `Because stand-in answer ${(i % 4) + 1} is right.`,
  }))
}

function latexQuestions(n: number, broken: boolean) {
  return Array.from({ length: n }, (_, i) => ({
    questionText: `Q${i + 1}: at $[S] = K_m$, what is $v$ in $$v = \\frac{V_{max}[S]}{K_m + [S]}$$ and $\\ce{2H2 + O2 -> 2H2O}$?`,
    options: ['$\\frac{V_{max}}{2}$', '$V_{max}$', broken && i === 1 ? '$\\foo{2}$' : '$2V_{max}$', '\\$0'],
    correctOption: 0,
    explanation: 'Substitute $[S] = K_m$.',
  }))
}

function completion(content: string | null, model: string) {
  return {
    id: `chatcmpl-standin-${Date.now()}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [
      { index: 0, message: { role: 'assistant', content, refusal: null }, finish_reason: 'stop', logprobs: null },
    ],
    usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
  }
}

export async function startOpenaiServer(port = 0): Promise<OpenAiStandIn> {
  const requests: unknown[] = []
  const server = http.createServer((req, res) => {
    let body = ''
    req.on('data', (chunk) => (body += chunk))
    req.on('end', () => {
      const send = (status: number, payload: unknown) => {
        res.writeHead(status, { 'Content-Type': 'application/json' })
        res.end(JSON.stringify(payload))
      }
      if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions'))
        return send(404, { error: { message: 'not found' } })
      if (!req.headers.authorization?.startsWith('Bearer ')) return send(401, { error: { message: 'missing key' } })
      let parsed: {
        model?: string
        messages?: Array<{ content?: string }>
        response_format?: { json_schema?: { schema?: { properties?: { questions?: { minItems?: number } } } } }
      }
      try {
        parsed = JSON.parse(body)
      } catch {
        return send(400, { error: { message: 'bad json' } })
      }
      requests.push(parsed)
      const text = (parsed.messages ?? []).map((m) => m.content ?? '').join('\n')
      const n =
        parsed.response_format?.json_schema?.schema?.properties?.questions?.minItems ??
        Number(/Number of questions: (\d+)/.exec(text)?.[1] ?? 5)
      const topic = /Topic: (.*)/.exec(text)?.[1] ?? 'biology'
      const model = parsed.model ?? 'stand-in'
      if (text.includes('server-error')) return send(500, { error: { message: 'stand-in failure' } })
      if (text.includes('malformed')) return send(200, completion('{"questions": [ this is not json', model))
      if (text.includes('empty-answer')) return send(200, completion('', model))
      if (text.includes('latex'))
        return send(
          200,
          completion(JSON.stringify({ questions: latexQuestions(n, text.includes('bad-latex')) }), model),
        )
      if (text.includes('wrong-count'))
        return send(200, completion(JSON.stringify({ questions: questions(Math.max(0, n - 1), topic) }), model))
      return send(200, completion(JSON.stringify({ questions: questions(n, topic) }), model))
    })
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  const actual = (server.address() as AddressInfo).port
  return {
    url: `http://127.0.0.1:${actual}/v1`,
    port: actual,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

export const startOpenai: StandInStarter = async (ports) => {
  const standIn = await startOpenaiServer(ports.openaiPort)
  return {
    env: { OPENAI_API_KEY: 'stand-in-key', OPENAI_BASE_URL: standIn.url, OPENAI_MODEL: 'stand-in-model' },
    close: standIn.close,
  }
}
