/** Renders the app in the Images area (lazily loaded) with every images store back at its start. */
import { screen } from '@testing-library/react'
import { resetPainterStore } from '@renderer/features/images/editor/state/painter-store'
import { resetGenerateDraft } from '@renderer/features/images/generate/draft-store'
import { resetImagesUi } from '@renderer/features/images/images-ui-store'
import { renderApp, resetApp, type RenderAppOptions } from './render-app'

export async function renderImages(opts: Omit<RenderAppOptions, 'view'> = {}) {
  localStorage.clear()
  resetImagesUi()
  resetGenerateDraft()
  resetPainterStore()
  const result = await renderApp({ ...opts, view: 'images' })
  await screen.findByRole('tab', { name: result.i18n.t('images.view.generateTab') }, { timeout: 10_000 })
  return result
}

export function resetImages(): void {
  resetApp()
  localStorage.clear()
}
