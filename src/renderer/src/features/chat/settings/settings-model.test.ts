import { describe, expect, it } from 'vitest'
import { settingsPatch, validateSettings } from './settings-model'

describe('conversation settings', () => {
  const saved = { model: 'm', system: '', params: { format: 'content' as const, params: { topK: 4, temperature: 1 } } }

  it('sends nothing when only the key order differs from what the host saved', () => {
    expect(
      settingsPatch(saved, { ...saved, params: { format: 'content', params: { temperature: 1, topK: 4 } } })
    ).toBeNull()
  })

  it('sends only the fields that changed', () => {
    expect(settingsPatch(saved, { ...saved, system: 'Be kind' })).toEqual({ system: 'Be kind' })
  })

  it('needs a model and validates the parameters of the chosen format', () => {
    const result = validateSettings({ format: 'messages', model: ' ', system: '', fields: { max_tokens: '0' } })
    expect(result).toEqual({
      ok: false,
      settings: ['modelRequired'],
      fields: { max_tokens: { code: 'range', min: 1, max: 1_000_000 } }
    })
  })
})
