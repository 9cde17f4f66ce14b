import { act, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { descriptionOf, hasFocus } from '@renderer/testing/a11y'
import { renderApp, resetApp } from '@renderer/testing/render-app'

afterEach(resetApp)

const currentArea = () => screen.getByRole('heading', { level: 1 }).textContent

describe('the app shell', () => {
  it('marks the document ready once the first profile list has loaded', async () => {
    await renderApp()
    expect(document.documentElement.dataset.appState).toBe('ready')
  })

  it('has a navigation landmark with one button per area, the current one marked', async () => {
    await renderApp()
    const nav = screen.getByRole('navigation', { name: 'Main' })
    const buttons = within(nav).getAllByRole('button')
    expect(buttons.map((b) => b.textContent)).toEqual(['Chat', 'Images', 'Video', 'Balance', 'Settings', 'Prompts'])
    expect(within(nav).getByRole('button', { name: 'Chat' }).getAttribute('aria-current')).toBe('page')
    expect(within(nav).getByRole('button', { name: 'Video' }).hasAttribute('aria-current')).toBe(false)
  })

  it('switches areas when a navigation button is clicked', async () => {
    const { user } = await renderApp()
    await user.click(screen.getByRole('button', { name: 'Images' }))
    expect(currentArea()).toBe('Images')
    expect(screen.getByRole('button', { name: 'Images' }).getAttribute('aria-current')).toBe('page')
    await user.click(screen.getByRole('button', { name: 'Settings' }))
    expect(currentArea()).toBe('Settings')
  })

  it('switches areas with Ctrl+1..5 and Cmd+1..5', async () => {
    const { user } = await renderApp()
    await user.keyboard('{Control>}3{/Control}')
    expect(currentArea()).toBe('Video')
    await user.keyboard('{Meta>}5{/Meta}')
    expect(currentArea()).toBe('Settings')
    await user.keyboard('{Control>}4{/Control}')
    expect(currentArea()).toBe('Balance')
    await user.keyboard('{Control>}1{/Control}')
    expect(currentArea()).toBe('Chat')
  })

  it('ignores the digits without a modifier (they may be typed into a field)', async () => {
    const { user } = await renderApp()
    await user.keyboard('3')
    expect(currentArea()).toBe('Chat')
  })

  it('lists each shortcut in the button’s tooltip and description', async () => {
    const { user } = await renderApp()
    const video = screen.getByRole('button', { name: 'Video' })
    expect(descriptionOf(video)).toMatch(/^Open Video \((Ctrl\+3|⌘3)\)$/)
    expect(video.getAttribute('aria-keyshortcuts')).toBe('Control+3 Meta+3')
    const tooltip = document.getElementById(video.getAttribute('aria-describedby') ?? '')!
    expect(tooltip.getAttribute('role')).toBe('tooltip')
    expect(tooltip.dataset.open).toBe('false')
    await user.hover(video)
    expect(tooltip.dataset.open).toBe('true')
    await user.unhover(video)
    expect(tooltip.dataset.open).toBe('false')
    // Keyboard users see it too.
    act(() => video.focus())
    expect(tooltip.dataset.open).toBe('true')
  })

  it('has a skip link that moves focus to the main area', async () => {
    const { user } = await renderApp()
    await user.tab()
    const skip = screen.getByRole('link', { name: 'Skip to content' })
    expect(hasFocus(skip)).toBe(true)
    await user.keyboard('{Enter}')
    expect(hasFocus(screen.getByRole('main'))).toBe(true)
  })

  it('reports a failed first load on the document instead of claiming ready', async () => {
    const { FakeHost } = await import('@renderer/testing/fake-host')
    const { StudioError } = await import('@shared/errors')
    const host = new FakeHost().on('profiles:list', () => {
      throw new StudioError('STORAGE', 'The profiles file could not be read')
    })
    await renderApp({ host, waitForReady: false, view: 'settings' })
    await screen.findByText('The profiles file could not be read')
    await act(async () => {})
    expect(document.documentElement.dataset.appState).toBe('error')
  })
})
