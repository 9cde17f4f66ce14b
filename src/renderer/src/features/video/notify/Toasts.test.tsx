import { act, cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { I18nextProvider } from 'react-i18next'
import { afterEach, describe, expect, it } from 'vitest'
import { createI18n, ensureLanguage } from '@renderer/i18n/index'
import { useUiStore } from '@renderer/store/ui'
import { resetVideoUi, useVideoUi } from '../video-ui-store'
import { Toasts } from './Toasts'

afterEach(() => {
  cleanup()
  resetVideoUi()
})

const ready = (prompt: string) =>
  useVideoUi.getState().pushToast({ taskId: `v-${prompt}`, state: 'succeeded', title: 'Video ready', body: prompt })
const failed = (prompt: string) =>
  useVideoUi
    .getState()
    .pushToast({ taskId: `v-${prompt}`, state: 'failed', title: 'Video failed', body: `${prompt} — refused` })

async function renderToasts(language: 'en' | 'zh' = 'en') {
  const i18n = createI18n(language)
  await ensureLanguage(i18n, language)
  return render(
    <I18nextProvider i18n={i18n}>
      <Toasts />
    </I18nextProvider>
  )
}

describe('video toasts', () => {
  it('shows two finished videos as two toasts', async () => {
    await renderToasts()
    act(() => {
      ready('a kite')
      ready('a boat')
    })
    expect(screen.getAllByTestId('video-toast').map((t) => t.textContent)).toEqual([
      expect.stringContaining('a kite'),
      expect.stringContaining('a boat')
    ])
    expect(screen.queryByTestId('video-toast-summary')).toBeNull()
  })

  it('collapses four finished videos into one summary; a failure keeps its own toast; Show board opens the Video area', async () => {
    const user = userEvent.setup()
    await renderToasts()
    act(() => {
      for (const p of ['a kite', 'a boat', 'a harbour']) ready(p)
      failed('a storm')
      ready('a lighthouse')
    })
    expect(screen.getAllByTestId('video-toast')).toHaveLength(1)
    expect(screen.getByTestId('video-toast').textContent).toContain('a storm — refused')
    const summary = screen.getByTestId('video-toast-summary')
    expect(summary.querySelector('.toast-title')?.textContent).toBe('4 videos ready')
    expect(
      within(summary)
        .getAllByRole('listitem')
        .map((li) => li.textContent)
    ).toEqual(['a kite', 'a boat', 'a harbour', 'and 1 more'])
    act(() => useUiStore.getState().setView('chat'))
    await user.click(within(summary).getByRole('button', { name: 'Show board' }))
    expect(useUiStore.getState().view).toBe('video')
    expect(screen.queryByTestId('video-toast-summary')).toBeNull()
    expect(useVideoUi.getState().toasts.map((t) => t.body)).toEqual(['a storm — refused'])
  })

  it('dismisses a summary as a whole, and says it in Chinese', async () => {
    const user = userEvent.setup()
    await renderToasts('zh')
    act(() => {
      for (const p of ['一', '二', '三']) failed(p)
    })
    const summary = screen.getByTestId('video-toast-summary')
    expect(summary.querySelector('.toast-title')?.textContent).toBe('3 个视频生成失败')
    await user.click(within(summary).getByRole('button', { name: '全部关闭' }))
    expect(useVideoUi.getState().toasts).toEqual([])
  })
})
