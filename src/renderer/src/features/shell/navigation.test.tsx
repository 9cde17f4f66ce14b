import { act, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { useImagesUi } from '@renderer/features/images/images-ui-store'
import { useVideoUi } from '@renderer/features/video/video-ui-store'
import { useUiStore } from '@renderer/store/ui'
import { renderApp, resetApp } from '@renderer/testing/render-app'

afterEach(() => {
  resetApp()
  useImagesUi.setState({ editorOpen: false, source: null })
  useVideoUi.setState({ toasts: [] })
})

const nav = (name: string) => within(screen.getByRole('navigation', { name: 'Main' })).getByRole('button', { name })

describe('navigation', () => {
  it('the current area’s button leaves an open editor for the area’s main view', async () => {
    const { user } = await renderApp()
    act(() => {
      useUiStore.getState().setView('images')
      useImagesUi.getState().openEditor()
    })
    await user.click(nav('Images'))
    await waitFor(() => expect(useImagesUi.getState().editorOpen).toBe(false))
    expect(useImagesUi.getState().source).toBeNull()
    expect(useUiStore.getState().view).toBe('images')
  })

  it('a toast seen on one screen does not follow the user to the next', async () => {
    const { user } = await renderApp()
    act(() => useVideoUi.getState().pushToast({ taskId: 't1', state: 'succeeded', title: 'Video ready', body: 'a kite' }))
    expect(await screen.findByTestId('video-toast')).toBeTruthy()
    await user.click(nav('Balance'))
    await waitFor(() => expect(screen.queryByTestId('video-toast')).toBeNull())
    expect(useUiStore.getState().view).toBe('balance')
  })
})
