import { countTokens, pieces, type Generated } from './corpus.js'

/**
 * The tool round trip, the same in every text format: which declared tools an answer calls, the
 * text that answers a turn of results (it echoes them, so a test can see what arrived), and the
 * upstream's refusals of a result that does not answer a call.
 */

type Body = Record<string, unknown>

/**
 * The tools a prompt asks for: every declared name it mentions, in declaration order. A prompt that
 * names none gets the first tool, as a model told about tools tends to use one.
 */
export function toolsToCall<T>(tools: readonly T[], nameOf: (t: T) => string, prompt: string): T[] {
  const named = tools.filter((t) => {
    const name = nameOf(t)
    return name !== '' && prompt.includes(name)
  })
  return named.length > 0 ? named : tools.slice(0, 1)
}

export interface EchoedResult {
  name: string
  value: unknown
}

/** The answer to a turn of results: each result quoted back as compact JSON. */
export function echoText(results: readonly EchoedResult[]): string {
  const lines = results.map((r) => `- ${r.name}: ${JSON.stringify(r.value)}`)
  return [
    'Sandbox received these tool results:',
    '',
    ...lines,
    '',
    'That is all the sandbox knows about them. ✅'
  ].join('\n')
}

const isObject = (v: unknown): v is Body => !!v && typeof v === 'object' && !Array.isArray(v)

/** Content format: functionResponse parts need a name of a call in the model turn before, and an object response. */
export function contentResultProblem(contents: readonly Body[]): string | undefined {
  for (let i = 0; i < contents.length; i++) {
    const parts = Array.isArray(contents[i].parts) ? (contents[i].parts as Body[]) : []
    const prev = i > 0 && Array.isArray(contents[i - 1].parts) ? (contents[i - 1].parts as Body[]) : []
    const called = prev.flatMap((p) =>
      isObject(p?.functionCall) && typeof p.functionCall.name === 'string' ? [p.functionCall.name] : []
    )
    for (let j = 0; j < parts.length; j++) {
      const fr = parts[j]?.functionResponse
      if (fr === undefined) continue
      const at = `contents[${i}].parts[${j}].function_response`
      if (!isObject(fr)) return `* GenerateContentRequest.${at}: must be an object.`
      if (typeof fr.name !== 'string' || fr.name === '')
        return `* GenerateContentRequest.${at}.name: Name cannot be empty.`
      if (!isObject(fr.response)) return `* GenerateContentRequest.${at}.response: must be a JSON object (Struct).`
      if (!called.includes(fr.name))
        return `* GenerateContentRequest.${at}.name: no function call named ${fr.name} in the previous turn.`
    }
  }
  return undefined
}

/** Messages format: every tool_result answers a tool_use of the message before, and every tool_use is answered. */
export function messagesResultProblem(messages: readonly Body[]): string | undefined {
  for (let i = 0; i < messages.length; i++) {
    const blocks = Array.isArray(messages[i].content) ? (messages[i].content as Body[]) : []
    const prev = i > 0 && Array.isArray(messages[i - 1].content) ? (messages[i - 1].content as Body[]) : []
    const uses = prev.filter((b) => b?.type === 'tool_use').map((b) => String(b.id))
    const answered: string[] = []
    for (let j = 0; j < blocks.length; j++) {
      const b = blocks[j]
      if (b?.type !== 'tool_result') continue
      const id = b.tool_use_id
      if (typeof id !== 'string' || id === '')
        return `messages.${i}.content.${j}.tool_result.tool_use_id: Field required`
      if (!uses.includes(id)) {
        return `messages.${i}.content.${j}: unexpected \`tool_use_id\` found in \`tool_result\` blocks: ${id}. Each \`tool_result\` block must have a corresponding \`tool_use\` block in the previous message.`
      }
      if (b.content !== undefined && typeof b.content !== 'string' && !Array.isArray(b.content))
        return `messages.${i}.content.${j}.tool_result.content: Input should be a valid string or list`
      answered.push(id)
    }
    if (messages[i - 1]?.role === 'assistant' && uses.length > 0) {
      const missing = uses.filter((id) => !answered.includes(id))
      if (missing.length > 0) {
        return `messages.${i}: \`tool_use\` ids were found without \`tool_result\` blocks immediately after: ${missing.join(', ')}. Each \`tool_use\` block must have a corresponding \`tool_result\` block in the next message.`
      }
    }
  }
  return undefined
}

/** General chat: `tool` messages answer the tool_calls of the assistant message before them, each one. */
export function chatResultProblem(messages: readonly Body[]): string | undefined {
  let open: string[] | null = null
  for (let i = 0; i < messages.length; i++) {
    const m = messages[i]
    if (m.role === 'tool') {
      const id = m.tool_call_id
      if (!open || typeof id !== 'string' || !open.includes(id)) {
        return `Invalid parameter: messages with role 'tool' must be a response to a preceeding message with 'tool_calls'.`
      }
      if (typeof m.content !== 'string' && !Array.isArray(m.content))
        return `Invalid type for 'messages[${i}].content': expected a string or an array.`
      open = open.filter((x) => x !== id)
      continue
    }
    if (open && open.length > 0) {
      return `An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. The following tool_call_ids did not have response messages: ${open.join(', ')}`
    }
    open =
      m.role === 'assistant' && Array.isArray(m.tool_calls) ? (m.tool_calls as Body[]).map((c) => String(c?.id)) : null
  }
  return undefined
}

/** A result's value: its JSON when it parses, else the text. */
export function parseMaybe(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

/** The echo as a generated answer: the same pieces and token count a model's text would have. */
export function echoed(text: string, seed: number): Generated {
  return { pieces: pieces(text, seed), text, tokens: countTokens(text), stop: 'end' }
}
