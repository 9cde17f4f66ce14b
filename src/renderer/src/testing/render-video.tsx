/** Renders the app in the Video area (lazily loaded) with every video store back at its start. */
import { screen } from '@testing-library/react'
import { resetVideoDraft } from '@renderer/features/video/create/draft-store'
import { resetVideoUi } from '@renderer/features/video/video-ui-store'
import { renderApp, resetApp, type RenderAppOptions } from './render-app'

export async function renderVideo(opts: Omit<RenderAppOptions, 'view'> = {}) {
  localStorage.clear()
  resetVideoUi()
  resetVideoDraft()
  const result = await renderApp({ ...opts, view: 'video' })
  await screen.findByRole('tab', { name: result.i18n.t('video.view.createTab') }, { timeout: 10_000 })
  return result
}

export function resetVideo(): void {
  resetApp()
  resetVideoUi()
  localStorage.clear()
}
