import { describe, expect, it } from 'vitest'
import type { ChatMessage } from '@shared/domain/chat'
import { type StudioError } from '@shared/errors'
import { checkAttachments, readInline } from './attachments'
import { windowOf, planSend } from './conversation-ops'
import { fakeFiles } from './testing/service-harness'
import { checkParams, parseEditorJson } from './validate'

const err = (f: () => unknown): StudioError => {
  try {
    f()
  } catch (e) {
    return e as StudioError
  }
  throw new Error('expected a refusal')
}

describe('editor JSON', () => {
  it('an empty editor means not set; a broken one names the position', () => {
    expect(parseEditorJson('  ', 'params.tools', 'Tools')).toBeUndefined()
    const e = err(() => parseEditorJson('{\n  "a": 1,\n}', 'params.tools', 'Tools'))
    expect(e).toMatchObject({ code: 'INVALID_INPUT', field: 'params.tools', details: { line: 3, column: 1 } })
    expect(e.message).toMatch(/^Tools is not valid JSON: .+ \(line 3, column 1\)\.$/)
    const end = err(() => parseEditorJson('[1, 2', 'params.tools', 'Tools'))
    expect(end.details).toMatchObject({ position: 5, line: 1, column: 6 })
  })

  it('cross-field checks for the content format', () => {
    expect(
      err(() =>
        checkParams({ format: 'content', params: { thinkingConfig: { thinkingBudget: 0, includeThoughts: true } } })
      ).field
    ).toBe('params.thinkingConfig.includeThoughts')
    expect(err(() => checkParams({ format: 'content', params: { tools: '"search"' } })).field).toBe('params.tools')
    expect(
      err(() => checkParams({ format: 'content', params: { tools: '[{"functionDeclarations":[{}]}]' } })).message
    ).toMatch(/needs a "name"/)
    expect(
      checkParams({ format: 'content', params: { tools: '{"googleSearch":{}}', responseSchema: '{"type":"OBJECT"}' } })
    ).toEqual({
      tools: { googleSearch: {} },
      toolConfig: undefined,
      responseSchema: { type: 'OBJECT' }
    })
  })

  it('range checks again for stored params (a preset or an older file)', () => {
    const e = err(() => checkParams({ format: 'messages', params: { max_tokens: 0 } }))
    expect(e).toMatchObject({ code: 'INVALID_INPUT', field: 'params.max_tokens' })
  })
})

describe('attachments', () => {
  const files = fakeFiles([
    { grant: { fileId: 'f1', name: 'real.webp', bytes: 4, mimeType: 'image/webp' }, bytes: Uint8Array.of(1, 2, 3, 4) }
  ])
  it('take name, type and size from the grant, not from the page', () => {
    const [a] = checkAttachments(
      'chat',
      [{ kind: 'file', fileId: 'f1', name: 'fake.png', mimeType: 'image/png', bytes: 1 }],
      files
    )
    expect(a).toEqual({ kind: 'file', fileId: 'f1', name: 'real.webp', mimeType: 'image/webp', bytes: 4 })
    expect(
      err(() => checkAttachments('messages', [{ kind: 'url', url: 'ftp://x.test/a.png' }], files)).message
    ).toMatch(/https:\/\//)
    expect(
      err(() =>
        checkAttachments(
          'chat',
          [{ kind: 'file', fileId: 'f1', name: 'x', mimeType: 'image/png', bytes: 1 }],
          undefined
        )
      ).message
    ).toMatch(/no longer available/)
  })

  it('an image from an earlier turn that is gone is skipped; one in the new message must be readable', async () => {
    const turn = (fileId: string): ChatMessage => ({
      id: fileId,
      role: 'user',
      parts: [{ type: 'image', attachment: { kind: 'file', fileId, name: fileId, mimeType: 'image/png', bytes: 1 } }],
      createdAt: 0,
      status: 'complete'
    })
    const inline = await readInline(files, [turn('gone'), turn('f1')], [])
    expect([...inline.keys()]).toEqual(['f1'])
    expect(inline.get('f1')).toEqual({ mimeType: 'image/webp', base64: 'AQIDBA==' })
    await expect(
      readInline(
        files,
        [turn('gone')],
        [{ kind: 'file', fileId: 'gone', name: 'gone', mimeType: 'image/png', bytes: 1 }]
      )
    ).rejects.toMatchObject({ code: 'INVALID_INPUT', field: 'attachments' })
  })
})

describe('conversation operations', () => {
  const c = {
    id: 'c',
    title: 't',
    format: 'chat' as const,
    model: 'm',
    createdAt: 0,
    updatedAt: 0,
    system: '',
    params: { format: 'chat' as const, params: {} },
    document: '',
    messages: [] as ChatMessage[]
  }
  const m = (id: string, role: 'user' | 'assistant'): ChatMessage => ({
    id,
    role,
    parts: [],
    createdAt: 0,
    status: 'complete'
  })
  it('regenerate and edit refuse messages of the wrong kind', () => {
    const conv = { ...c, messages: [m('u1', 'user'), m('a1', 'assistant')] }
    const make = (id: string) => m(id, 'user')
    expect(err(() => planSend(conv, { regenerate: 'u1' }, make)).field).toBe('regenerate')
    expect(err(() => planSend(conv, { editOf: 'a1' }, make)).field).toBe('editOf')
    expect(err(() => planSend(conv, { editOf: 'u1', regenerate: 'a1' }, make)).code).toBe('INVALID_INPUT')
    expect(planSend(conv, { regenerate: 'a1' }, make)).toEqual({ base: [conv.messages[0]] })
  })
  it('pages never run past either end', () => {
    const conv = { ...c, messages: Array.from({ length: 5 }, (_, i) => m(`m${i}`, 'user')) }
    expect(windowOf(conv, 200)).toMatchObject({ messagesBefore: 0, messages: conv.messages })
    expect(windowOf(conv, 2, 99).messages.map((x) => x.id)).toEqual(['m3', 'm4'])
    expect(windowOf(conv, 2, 1)).toMatchObject({ messagesBefore: 0, messages: [conv.messages[0]] })
  })
})
