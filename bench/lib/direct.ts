/**
 * The baselines of the relay metrics: the same sandbox stream fetched directly, with no studio in
 * between. Uses Node's global fetch, the same HTTP stack (and keep-alive pool) the host core uses.
 */

export interface ChatRequest {
  model: string
  prompt: string
}

function body(req: ChatRequest): string {
  return JSON.stringify({
    model: req.model,
    messages: [{ role: 'user', content: req.prompt }],
    stream: true,
    stream_options: { include_usage: true }
  })
}

function post(gateway: { url: string; key: string }, req: ChatRequest): Promise<Response> {
  return fetch(`${gateway.url}/v1/chat/completions`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${gateway.key}`,
      'content-type': 'application/json',
      accept: 'text/event-stream'
    },
    body: body(req)
  })
}

/** ms from the request to the first body byte; the rest of the body is read (untimed) so the connection is reused. */
export async function firstBodyByteMs(gateway: { url: string; key: string }, req: ChatRequest): Promise<number> {
  const t0 = process.hrtime.bigint()
  const res = await post(gateway, req)
  if (!res.ok || !res.body) throw new Error(`direct fetch answered ${res.status}`)
  const reader = res.body.getReader()
  const first = await reader.read()
  const ms = Number(process.hrtime.bigint() - t0) / 1e6
  if (first.done) throw new Error('the stream ended before its first byte')
  for (let i = 0; i < 1_000_000; i++) if ((await reader.read()).done) break
  return ms
}

/** The streamed answer as the gateway sent it: content deltas concatenated, and how many there were. */
export async function streamedAnswer(
  gateway: { url: string; key: string },
  req: ChatRequest
): Promise<{ text: string; pieces: number }> {
  const res = await post(gateway, req)
  if (!res.ok) throw new Error(`direct fetch answered ${res.status}`)
  const raw = await res.text()
  let text = ''
  let pieces = 0
  for (const line of raw.split('\n')) {
    if (!line.startsWith('data: ') || line === 'data: [DONE]') continue
    const chunk = JSON.parse(line.slice(6)) as { choices?: Array<{ delta?: { content?: string } }> }
    const content = chunk.choices?.[0]?.delta?.content
    if (content) {
      text += content
      pieces++
    }
  }
  return { text, pieces }
}
