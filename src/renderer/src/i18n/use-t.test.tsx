import { act, cleanup, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { I18nextProvider } from 'react-i18next'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createI18n, ensureLanguage } from './index'
import { useT } from './use-t'

afterEach(cleanup)

function Labels({ count }: { count: number }) {
  const { t, i18n } = useT()
  return (
    <p>
      <span data-testid="plain">{t('nav.video')}</span>
      <span data-testid="named">{t('nav.shortcut', { keys: 'Ctrl+3' })}</span>
      <span data-testid="count">{t('chat.list.messageCount', { count })}</span>
      <span data-testid="lang">{i18n.language}</span>
    </p>
  )
}

function Counter() {
  const [count, setCount] = useState(1)
  return (
    <>
      <Labels count={count} />
      <button type="button" onClick={() => setCount((c) => c + 1)}>
        more
      </button>
    </>
  )
}

const text = (id: string) => screen.getByTestId(id).textContent

describe('useT', () => {
  it('resolves keys, interpolation and plurals through i18next', () => {
    render(
      <I18nextProvider i18n={createI18n('en')}>
        <Counter />
      </I18nextProvider>
    )
    expect(text('plain')).toBe('Video')
    expect(text('named')).toBe('Shortcut: Ctrl+3')
    expect(text('count')).toBe('1 message')
    act(() => screen.getByRole('button').click())
    // Options are never served from the plain-key cache: the plural follows the count.
    expect(text('count')).toBe('2 messages')
  })

  it('asks i18next once per plain key and language, however often the component renders', () => {
    const i18n = createI18n('en')
    const spy = vi.spyOn(i18n, 't')
    render(
      <I18nextProvider i18n={i18n}>
        <Counter />
      </I18nextProvider>
    )
    for (let i = 0; i < 5; i++) act(() => screen.getByRole('button').click())
    expect(text('count')).toBe('6 messages')
    const plainCalls = spy.mock.calls.filter(([key]) => key === 'nav.video')
    expect(plainCalls).toHaveLength(1)
    // Keys with options go to i18next on every render (6 renders).
    expect(spy.mock.calls.filter(([key]) => key === 'chat.list.messageCount')).toHaveLength(6)
  })

  it('shows the new language at once when it changes, including a lazily added one', async () => {
    const i18n = createI18n('zh')
    render(
      <I18nextProvider i18n={i18n}>
        <Counter />
      </I18nextProvider>
    )
    // Chinese is not loaded yet: English is the fallback.
    expect(text('plain')).toBe('Video')
    await act(async () => {
      await ensureLanguage(i18n, 'zh')
    })
    expect(text('plain')).toBe('视频')
    expect(text('count')).toBe('1 条消息')
    await act(async () => {
      await i18n.changeLanguage('en')
    })
    expect(text('plain')).toBe('Video')
    expect(text('lang')).toBe('en')
  })

  it('keeps instances apart: each provider gets its own strings', () => {
    const zh = createI18n('en')
    zh.addResourceBundle('zh', 'translation', { nav: { video: '视频' } }, true, true)
    void zh.changeLanguage('zh')
    render(
      <>
        <I18nextProvider i18n={createI18n('en')}>
          <span data-testid="a">
            <Plain />
          </span>
        </I18nextProvider>
        <I18nextProvider i18n={zh}>
          <span data-testid="b">
            <Plain />
          </span>
        </I18nextProvider>
      </>
    )
    expect(text('a')).toBe('Video')
    expect(text('b')).toBe('视频')
  })
})

function Plain() {
  const { t } = useT()
  return <>{t('nav.video')}</>
}
