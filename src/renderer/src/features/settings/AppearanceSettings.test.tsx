import { act, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { FakeHost } from '@renderer/testing/fake-host'
import { openSettings, renderApp, resetApp } from '@renderer/testing/render-app'

afterEach(() => {
  resetApp()
  vi.unstubAllGlobals()
})

describe('appearance', () => {
  it('switching the language to 中文 changes the visible text', async () => {
    const host = new FakeHost()
    const { user } = await renderApp({ host })
    await openSettings(user)
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), '中文')
    expect(host.callsTo('settings:update')).toEqual([{ language: 'zh' }])

    await screen.findByRole('heading', { level: 1, name: '设置' })
    const nav = screen.getByRole('navigation', { name: '主导航' })
    expect(within(nav).getByRole('button', { name: '对话' })).toBeTruthy()
    expect(screen.getByRole('button', { name: '添加配置档' })).toBeTruthy()
    expect(screen.queryByText('Add profile')).toBeNull()
    expect(document.documentElement.lang).toBe('zh-CN')
  })

  it('applies a language changed elsewhere (settings:changed from the host)', async () => {
    const { host } = await renderApp()
    act(() => host.emit('settings:changed', { theme: 'system', language: 'zh' }))
    expect(await screen.findByRole('button', { name: '视频' })).toBeTruthy()
  })

  it('a theme override sets data-theme on <html>', async () => {
    const host = new FakeHost()
    const { user } = await renderApp({ host })
    await openSettings(user)
    const theme = screen.getByRole('combobox', { name: 'Theme' })

    await user.selectOptions(theme, 'Dark')
    await waitFor(() => expect(document.documentElement.dataset.theme).toBe('dark'))
    expect(document.documentElement.dataset.themeSetting).toBe('dark')
    expect(host.callsTo('settings:update')).toEqual([{ theme: 'dark' }])

    await user.selectOptions(theme, 'Light')
    await waitFor(() => expect(document.documentElement.dataset.theme).toBe('light'))
  })

  it('follows the operating system while the theme is "Follow system"', async () => {
    let prefersDark = true
    const listeners = new Set<() => void>()
    vi.stubGlobal('matchMedia', (query: string) => ({
      get matches() {
        return query.includes('dark') && prefersDark
      },
      media: query,
      addEventListener: (_: string, l: () => void) => listeners.add(l),
      removeEventListener: (_: string, l: () => void) => listeners.delete(l)
    }))
    await renderApp()
    await waitFor(() => expect(document.documentElement.dataset.theme).toBe('dark'))
    prefersDark = false
    act(() => listeners.forEach((l) => l()))
    await waitFor(() => expect(document.documentElement.dataset.theme).toBe('light'))
  })
})
