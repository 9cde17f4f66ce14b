import { ChatParamsSchema, PROMPT_MAX_CHARS, type ChatParams } from '@shared/domain/chat'
import { StudioError } from '@shared/errors'
import type { ParsedEditors } from './formats'

/**
 * Checks made before any request is sent, each failing with INVALID_INPUT and the field it belongs
 * to, so the form can point at it. The gateway would refuse most of these too, but only after a
 * round trip, and some (a bad tool JSON) it reports as an opaque 500.
 */

function invalid(field: string, message: string, details?: Record<string, unknown>): StudioError {
  return new StudioError('INVALID_INPUT', message, { field, ...(details ? { details } : {}) })
}

function lineColumn(text: string, position: number): { line: number; column: number } {
  const before = text.slice(0, position)
  const line = before.split('\n').length
  return { line, column: position - before.lastIndexOf('\n') }
}

/** Parses editor JSON; an empty editor means "not set". Errors name the position of the mistake. */
export function parseEditorJson(text: string | undefined, field: string, label: string): unknown {
  if (text === undefined || text.trim() === '') return undefined
  try {
    return JSON.parse(text)
  } catch (e) {
    const raw = e instanceof Error ? e.message : String(e)
    const pos = /at position (\d+)/.exec(raw)
    const position = pos ? Number(pos[1]) : text.length
    const { line, column } = lineColumn(text, position)
    const reason = raw
      .replace(/^JSON\.parse:\s*/, '')
      .replace(/,? in JSON at position \d+.*$/s, '')
      .replace(/\s*\(line \d+ column \d+\)\s*$/, '')
    throw invalid(field, `${label} is not valid JSON: ${reason} (line ${line}, column ${column}).`, {
      position,
      line,
      column
    })
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v)

function contentEditors(p: Extract<ChatParams, { format: 'content' }>['params']): ParsedEditors {
  const tools = parseEditorJson(p.tools, 'params.tools', 'Tools')
  if (tools !== undefined) {
    const list = Array.isArray(tools) ? tools : [tools]
    if (!list.every(isObject))
      throw invalid(
        'params.tools',
        'Tools must be a JSON array of tool objects (or one object), e.g. [{"functionDeclarations": [...]}].'
      )
    for (const t of list) {
      const decls = t.functionDeclarations
      if (
        decls !== undefined &&
        (!Array.isArray(decls) || decls.some((d) => !isObject(d) || typeof d.name !== 'string' || d.name === ''))
      ) {
        throw invalid('params.tools', 'Every function declaration needs a "name".')
      }
    }
  }
  const toolConfig = parseEditorJson(p.toolConfig, 'params.toolConfig', 'Tool config')
  if (toolConfig !== undefined && !isObject(toolConfig))
    throw invalid(
      'params.toolConfig',
      'Tool config must be a JSON object, e.g. {"functionCallingConfig": {"mode": "AUTO"}}.'
    )
  const responseSchema = parseEditorJson(p.responseSchema, 'params.responseSchema', 'Response schema')
  if (responseSchema !== undefined && !isObject(responseSchema))
    throw invalid('params.responseSchema', 'The response schema must be a JSON object, e.g. {"type": "OBJECT", ...}.')
  if (responseSchema !== undefined && p.responseMimeType !== undefined && p.responseMimeType !== 'application/json') {
    throw invalid('params.responseMimeType', 'A response schema needs the response type application/json.')
  }
  if (p.thinkingConfig?.includeThoughts === true && p.thinkingConfig.thinkingBudget === 0) {
    throw invalid(
      'params.thinkingConfig.includeThoughts',
      'Thoughts cannot be shown with a thinking budget of 0 (thinking off). Raise the budget or stop showing thoughts.'
    )
  }
  return { tools, toolConfig, responseSchema }
}

function messagesEditors(p: Extract<ChatParams, { format: 'messages' }>['params']): ParsedEditors {
  if (p.thinking?.enabled && p.thinking.budget_tokens >= p.max_tokens) {
    throw invalid(
      'params.thinking.budget_tokens',
      `The thinking budget (${p.thinking.budget_tokens}) must be less than max tokens (${p.max_tokens}).`
    )
  }
  const tools = parseEditorJson(p.tools, 'params.tools', 'Tools')
  const names: string[] = []
  if (tools !== undefined) {
    if (!Array.isArray(tools) || !tools.every(isObject))
      throw invalid(
        'params.tools',
        'Tools must be a JSON array of tool objects, e.g. [{"name": "...", "input_schema": {...}}].'
      )
    tools.forEach((t, i) => {
      // Server tools are identified by `type` and carry no schema.
      if (typeof t.type === 'string' && t.input_schema === undefined) return
      if (typeof t.name !== 'string' || t.name === '') throw invalid('params.tools', `Tool ${i + 1} needs a "name".`)
      if (!isObject(t.input_schema)) throw invalid('params.tools', `Tool "${t.name}" needs an "input_schema" object.`)
      names.push(t.name)
    })
  }
  const toolChoice = parseEditorJson(p.tool_choice, 'params.tool_choice', 'Tool choice')
  if (toolChoice !== undefined) {
    if (!isObject(toolChoice) || !['auto', 'any', 'tool', 'none'].includes(String(toolChoice.type))) {
      throw invalid('params.tool_choice', 'Tool choice must be an object whose "type" is auto, any, tool or none.')
    }
    if (toolChoice.type === 'tool' && (typeof toolChoice.name !== 'string' || !names.includes(toolChoice.name))) {
      throw invalid('params.tool_choice', 'Tool choice "tool" needs the "name" of one of the tools.')
    }
    if ((toolChoice.type === 'tool' || toolChoice.type === 'any') && tools === undefined) {
      throw invalid('params.tool_choice', 'This tool choice needs at least one tool.')
    }
  }
  return { tools, toolChoice }
}

function chatEditors(p: Extract<ChatParams, { format: 'chat' }>['params']): ParsedEditors {
  const tools = parseEditorJson(p.tools, 'params.tools', 'Tools')
  if (tools === undefined) return {}
  if (!Array.isArray(tools) || !tools.every(isObject))
    throw invalid(
      'params.tools',
      'Tools must be a JSON array of tool objects, e.g. [{"type": "function", "function": {"name": "..."}}].'
    )
  tools.forEach((t, i) => {
    const fn = t.function
    if (t.type !== 'function' || !isObject(fn) || typeof fn.name !== 'string' || fn.name === '') {
      throw invalid(
        'params.tools',
        `Tool ${i + 1} must be {"type": "function", "function": {"name": "...", "parameters": {...}}}.`
      )
    }
  })
  return { tools }
}

/** Range checks again (params may come from a preset or an older file), then cross-field and JSON checks. */
export function checkParams(params: ChatParams): ParsedEditors {
  const parsed = ChatParamsSchema.safeParse(params)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const field = issue.path.map(String).join('.') || 'params'
    throw invalid(field, `${field}: ${issue.message}`)
  }
  const p = parsed.data
  if (p.format === 'content') return contentEditors(p.params)
  if (p.format === 'messages') return messagesEditors(p.params)
  if (p.format === 'chat') return chatEditors(p.params)
  return {}
}

export function checkModel(model: string): void {
  if (model.trim() === '') throw invalid('model', 'Choose a model first.')
}

export function checkPrompt(text: string, attachmentCount: number): void {
  if (text.trim() === '' && attachmentCount === 0) throw invalid('text', 'Type a message first.')
  if (text.length > PROMPT_MAX_CHARS)
    throw invalid('text', `The message is too long (${text.length} characters; at most ${PROMPT_MAX_CHARS}).`)
}

export function checkDocument(document: string): void {
  if (document.trim() === '') throw invalid('document', 'Write some text for the model to continue.')
}
