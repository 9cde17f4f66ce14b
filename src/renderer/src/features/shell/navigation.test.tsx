import { act, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { resetPainterStore, usePainterStore } from '@renderer/features/images/editor/state/painter-store'
import { useImagesUi } from '@renderer/features/images/images-ui-store'
import { useVideoUi } from '@renderer/features/video/video-ui-store'
import { useUiStore } from '@renderer/store/ui'
import { renderApp, resetApp } from '@renderer/testing/render-app'
import { hasUnsentMask } from './navigation'

afterEach(() => {
  resetApp()
  useImagesUi.setState({ editorOpen: false, source: null })
  useVideoUi.setState({ toasts: [] })
  resetPainterStore()
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
    act(() =>
      useVideoUi.getState().pushToast({ taskId: 't1', state: 'succeeded', title: 'Video ready', body: 'a kite' })
    )
    expect(await screen.findByTestId('video-toast')).toBeTruthy()
    await user.click(nav('Balance'))
    await waitFor(() => expect(screen.queryByTestId('video-toast')).toBeNull())
    expect(useUiStore.getState().view).toBe('balance')
  })

  it('asks the painter’s store whether a mask is unsent: painted asks, sent with an edit does not, painted again asks', async () => {
    const painter = () => usePainterStore.getState()
    painter().commit({ kind: 'fill' })
    // A closed editor has nothing to leave.
    expect(await hasUnsentMask()).toBe(false)
    useImagesUi.getState().openEditor()
    expect(await hasUnsentMask()).toBe(true)
    painter().markSent(painter().history.ops)
    expect(await hasUnsentMask()).toBe(false)
    painter().commit({ kind: 'invert' })
    expect(await hasUnsentMask()).toBe(true)
  })
})
