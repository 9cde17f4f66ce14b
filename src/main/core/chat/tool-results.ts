import { PROMPT_MAX_CHARS, type ChatMessage, type MessagePart } from '@shared/domain/chat'
import { StudioError } from '@shared/errors'
import type { StoredConversation } from './conversation-files'
import { parseEditorJson } from './validate'

export interface ToolResultInput {
  /** Index of the tool call among the answer's parts. */
  part: number
  /** JSON text; with `plain`, any text, sent as a string. */
  content: string
  plain?: boolean
}

export interface ToolResultsInput {
  conversationId: string
  answerId: string
  results: ToolResultInput[]
}

function invalid(field: string, message: string): StudioError {
  return new StudioError('INVALID_INPUT', message, { field })
}

/**
 * The user turn that answers the latest answer's tool calls, checked before any request: every call
 * answered once, each result valid JSON (or plain text by choice), and a call id where the format
 * matches results to calls by id.
 */
export function toolResultsTurn(
  c: StoredConversation,
  input: ToolResultsInput,
  user: { id: string; createdAt: number }
): ChatMessage {
  if (c.format === 'completions') throw invalid('conversationId', 'Legacy completions have no tool calls to answer.')
  const answer = c.messages[c.messages.length - 1]
  if (!answer || answer.id !== input.answerId) {
    throw new StudioError(
      'NOT_FOUND',
      'Only the tool calls of the latest answer can be answered; that answer is not the latest one.',
      { field: 'answerId' }
    )
  }
  if (answer.role !== 'assistant' || answer.status !== 'complete') {
    throw invalid('answerId', 'That answer did not finish, so its tool calls may be cut short. Regenerate it first.')
  }
  const calls = answer.parts.flatMap((p, index) => (p.type === 'tool_call' ? [{ index, call: p }] : []))
  if (calls.length === 0) throw invalid('answerId', 'That answer has no tool calls to answer.')
  const byPart = new Map<number, { r: ToolResultInput; i: number }>()
  input.results.forEach((r, i) => {
    if (!calls.some((x) => x.index === r.part))
      throw invalid(`results.${i}.part`, `Part ${r.part} of that answer is not a tool call.`)
    if (byPart.has(r.part)) throw invalid(`results.${i}.part`, `The tool call in part ${r.part} is answered twice.`)
    byPart.set(r.part, { r, i })
  })
  const missing = calls.filter((x) => !byPart.has(x.index))
  if (missing.length > 0) {
    throw invalid(
      'results',
      `Answer every tool call before sending: ${missing.map((x) => x.call.name || '?').join(', ')} ${missing.length === 1 ? 'has' : 'have'} no result yet.`
    )
  }
  let total = 0
  const parts: MessagePart[] = calls.map(({ index, call }) => {
    const { r, i } = byPart.get(index)!
    const field = `results.${i}.content`
    // Messages and general chat match a result to its call by id; a call without one cannot be answered there.
    if (!call.id && c.format !== 'content')
      throw invalid(
        field,
        `The gateway gave the call to ${call.name || '?'} no id, so a result cannot be matched to it.`
      )
    let content: string
    if (r.plain) {
      content = JSON.stringify(r.content)
    } else {
      if (r.content.trim() === '')
        throw invalid(field, `Type the result of ${call.name || 'the tool call'} (JSON), or send it as plain text.`)
      parseEditorJson(r.content, field, `The result of ${call.name || 'the tool call'}`)
      content = r.content
    }
    total += content.length
    return { type: 'tool_result', ...(call.id ? { id: call.id } : {}), name: call.name, content }
  })
  if (total > PROMPT_MAX_CHARS)
    throw invalid('results', `The results are too long (${total} characters; at most ${PROMPT_MAX_CHARS}).`)
  return { id: user.id, role: 'user', parts, createdAt: user.createdAt, status: 'complete' }
}
