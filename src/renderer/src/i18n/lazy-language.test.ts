import { describe, expect, it } from 'vitest'
import { createI18n, ensureLanguage, hasLanguage } from './index'

describe('languages loaded on demand', () => {
  it('starts with English only and adds Chinese when it is first needed', async () => {
    const i18n = createI18n('en')
    expect(hasLanguage(i18n, 'en')).toBe(true)
    expect(hasLanguage(i18n, 'zh')).toBe(false)
    await ensureLanguage(i18n, 'zh')
    expect(hasLanguage(i18n, 'zh')).toBe(true)
    await i18n.changeLanguage('zh')
    expect(i18n.t('nav.video')).toBe('视频')
  })

  it('shows English (the fallback) for Chinese until its messages are in', () => {
    const i18n = createI18n('zh')
    expect(i18n.t('nav.video')).toBe('Video')
  })
})
