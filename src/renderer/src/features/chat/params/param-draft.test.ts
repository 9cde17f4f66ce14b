import { describe, expect, it } from 'vitest'
import { ChatParamsSchema } from '@shared/domain/chat'
import { defaultParams, draftToParams, paramsToDraft } from './param-draft'

describe('parameter drafts', () => {
  it('builds content params with nested thinkingConfig and per-category safety settings', () => {
    const result = draftToParams('content', {
      temperature: '0.7',
      topK: '40',
      stopSequences: ['END'],
      'thinkingConfig.thinkingBudget': '-1',
      'thinkingConfig.includeThoughts': true,
      'safetySettings.HARM_CATEGORY_HATE_SPEECH': 'BLOCK_ONLY_HIGH',
      'safetySettings.HARM_CATEGORY_HARASSMENT': '',
      tools: '[{"functionDeclarations": []}]'
    })
    expect(result).toEqual({
      ok: true,
      params: {
        format: 'content',
        params: {
          temperature: 0.7,
          topK: 40,
          stopSequences: ['END'],
          thinkingConfig: { thinkingBudget: -1, includeThoughts: true },
          safetySettings: [{ category: 'HARM_CATEGORY_HATE_SPEECH', threshold: 'BLOCK_ONLY_HIGH' }],
          tools: '[{"functionDeclarations": []}]'
        }
      }
    })
  })

  it('always sends messages max_tokens, defaulting to 4096', () => {
    expect(defaultParams('messages')).toEqual({ format: 'messages', params: { max_tokens: 4096 } })
    expect(paramsToDraft(defaultParams('messages')).max_tokens).toBe('4096')
    expect(draftToParams('messages', { max_tokens: '' })).toEqual({
      ok: false,
      problems: { max_tokens: { code: 'required' } }
    })
  })

  it('sends thinking only when enabled, and then needs a budget of at least 1024', () => {
    expect(draftToParams('messages', { 'thinking.enabled': false, 'thinking.budget_tokens': '' })).toMatchObject({
      ok: true,
      params: { params: { max_tokens: 4096 } }
    })
    expect(draftToParams('messages', { 'thinking.enabled': true })).toMatchObject({
      ok: false,
      problems: { 'thinking.budget_tokens': { code: 'required' } }
    })
    expect(draftToParams('messages', { 'thinking.enabled': true, 'thinking.budget_tokens': '512' })).toMatchObject({
      ok: false,
      problems: { 'thinking.budget_tokens': { code: 'range', min: 1024 } }
    })
    expect(draftToParams('messages', { 'thinking.enabled': true, 'thinking.budget_tokens': '2048' })).toMatchObject({
      ok: true,
      params: { params: { thinking: { enabled: true, budget_tokens: 2048 } } }
    })
  })

  it('reports range, integer, number and JSON problems at their fields', () => {
    const result = draftToParams('chat', { temperature: '3', max_tokens: '1.5', top_p: 'abc' })
    expect(result).toEqual({
      ok: false,
      problems: {
        temperature: { code: 'range', min: 0, max: 2 },
        max_tokens: { code: 'notInteger' },
        top_p: { code: 'notNumber' }
      }
    })
    const json = draftToParams('messages', { tools: '{"a":', tool_choice: '[1]' })
    expect(json.ok).toBe(false)
    if (!json.ok) {
      expect(json.problems.tools.code).toBe('jsonSyntax')
      expect(json.problems.tool_choice).toEqual({ code: 'jsonObject' })
    }
  })

  it('limits stop lists per format', () => {
    expect(draftToParams('completions', { stop: ['a', 'b', 'c', 'd', 'e'] })).toEqual({
      ok: false,
      problems: { stop: { code: 'tooManyStops', max: 4 } }
    })
  })

  it('round-trips saved params through the draft', () => {
    const saved = {
      format: 'messages' as const,
      params: {
        max_tokens: 100,
        top_k: 5,
        stop_sequences: ['x'],
        thinking: { enabled: true, budget_tokens: 2000 },
        tool_choice: '{"type":"auto"}'
      }
    }
    const back = draftToParams('messages', paramsToDraft(saved))
    expect(back).toEqual({ ok: true, params: saved })
    expect(ChatParamsSchema.safeParse(saved).success).toBe(true)
  })
})
