import { describe, expect, it } from 'vitest'
import { createI18n, ensureLanguage } from '@renderer/i18n'
import type { VideoNotice } from '@shared/contract/video'
import { noticeText } from './notice-text'

const notice = (o: Partial<VideoNotice>): VideoNotice => ({
  id: 'v-1',
  state: 'succeeded',
  title: 'Video ready',
  body: '',
  shownBySystem: false,
  prompt: 'storm',
  ...o
})

describe('the words of a host notice', () => {
  it('says each announced outcome in English, with the failure message and code', () => {
    const t = createI18n('en').t
    expect(noticeText(notice({}), t)).toEqual({ title: 'Video ready', body: 'storm' })
    expect(noticeText(notice({ downloadPending: true }), t).title).toBe('Video finished; download pending')
    expect(noticeText(notice({ state: 'failed', message: 'moderation', code: 'policy_violation' }), t)).toEqual({
      title: 'Video failed',
      body: 'storm — moderation (code policy_violation)'
    })
    expect(noticeText(notice({ state: 'lost' }), t)).toEqual({
      title: 'Video task lost',
      body: 'storm — the gateway no longer knows this task.'
    })
    expect(noticeText(notice({ state: 'outcome-unknown' }), t).title).toBe('Video submission outcome unknown')
  })

  it('names a task without a prompt as untitled, and speaks Chinese', async () => {
    const i18n = createI18n('en')
    expect(noticeText(notice({ prompt: '' }), i18n.t).body).toBe(i18n.t('video.form.untitled'))
    await ensureLanguage(i18n, 'zh')
    await i18n.changeLanguage('zh')
    expect(noticeText(notice({ state: 'lost' }), i18n.t)).toEqual({
      title: '视频任务已丢失',
      body: 'storm — 网关已不再识别此任务。'
    })
    expect(noticeText(notice({ state: 'failed', message: 'moderation', code: 'x1' }), i18n.t).body).toBe(
      'storm — moderation（代码 x1）'
    )
  })
})
