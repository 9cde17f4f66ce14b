import { describe, expect, it } from 'vitest'
import { createI18n, ensureLanguage } from '@renderer/i18n'
import type { QueueItem } from '@shared/contract/queue'
import { holdWords, stateWords } from './queue-words'

const held = (hold: QueueItem['hold'], reason = 'host words'): QueueItem => ({
  id: 'q1',
  kind: 'image',
  origin: 'edit',
  jobId: 'j1',
  model: 'm',
  prompt: 'p',
  state: 'held',
  place: null,
  reason,
  hold,
  createdAt: 0
})

describe('a held item in the page’s language', () => {
  it('words each hold from its data in English', () => {
    const t = createI18n('en').t
    expect(holdWords(t, 'en', held({ kind: 'daily-limit', limit: 1000, spent: 900, estimate: 300 }))).toBe(
      'the daily spending limit: 900 spent of 1,000. This job is expected to cost about 300. Release it to send it anyway, or change the limit in Balance.'
    )
    expect(holdWords(t, 'en', held({ kind: 'weekly-limit', limit: 5000, spent: 5000, estimate: null }))).toMatch(
      /^the weekly spending limit: 5,000 spent of 5,000\. No estimate yet for this model\./
    )
    expect(
      holdWords(t, 'en', held({ kind: 'below-threshold', available: 2000, threshold: null, estimate: 500 }))
    ).toMatch(/^the low-balance threshold: 2,000 left would fall below it\. This job is expected to cost about 500\./)
    expect(
      holdWords(t, 'en', held({ kind: 'below-threshold', available: 2000, threshold: 1800, estimate: 500 }))
    ).toMatch(/would fall below 1,800\./)
    expect(holdWords(t, 'en', held({ kind: 'below-cost', available: 100, estimate: 500 }))).toMatch(
      /^100 left, less than this job is expected to cost\./
    )
    // A refusal keeps the gateway's own words; an item without data keeps the host's reason.
    expect(holdWords(t, 'en', held({ kind: 'refused', message: 'model gone-model is not listed' }))).toBe(
      'model gone-model is not listed'
    )
    expect(holdWords(t, 'en', held(undefined, 'Held by the daily limit.'))).toBe('Held by the daily limit.')
    expect(stateWords(t, 'en', held({ kind: 'below-cost', available: 1, estimate: null }))).toMatch(/^held: 1 left/)
    // Its own profile gone or keyless: said so, with no release-past-a-limit advice.
    expect(stateWords(t, 'en', held({ kind: 'profile-missing' }))).toMatch(
      /^held: the profile it was queued under no longer exists\. It is never sent with another profile’s key/
    )
    expect(holdWords(t, 'en', held({ kind: 'no-key', profile: 'Studio A' }))).toMatch(
      /^the profile “Studio A” it was queued under has no usable API key\. Add the key in Settings/
    )
  })

  it('and in Chinese, with the same figures', async () => {
    const i18n = createI18n('en')
    await ensureLanguage(i18n, 'zh')
    await i18n.changeLanguage('zh')
    expect(holdWords(i18n.t, 'zh', held({ kind: 'daily-limit', limit: 1000, spent: 900, estimate: 300 }))).toBe(
      '每日花费限额：已花费 900，限额 1,000。此任务预计花费约 300。点“放行”仍然发送，或在“余额”中调整限额。'
    )
    expect(stateWords(i18n.t, 'zh', { ...held(undefined), state: 'waiting', place: 3 })).toBe('等待中，第 3 位')
    expect(holdWords(i18n.t, 'zh', held({ kind: 'no-key', profile: 'Studio A' }))).toMatch(
      /^加入队列时所用的配置“Studio A”没有可用的 API 密钥/
    )
    expect(holdWords(i18n.t, 'zh', held({ kind: 'profile-missing' }))).toMatch(/^加入队列时所用的配置已不存在/)
  })
})
