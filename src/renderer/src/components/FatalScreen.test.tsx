import { cleanup, render, screen } from '@testing-library/react'
import { I18nextProvider } from 'react-i18next'
import { afterEach, describe, expect, it } from 'vitest'
import { createI18n } from '@renderer/i18n'
import { FatalScreen } from './FatalScreen'

afterEach(() => {
  cleanup()
  delete document.documentElement.dataset.appState
})

function renderFatal(reason: Parameters<typeof FatalScreen>[0]['reason']) {
  return render(
    <I18nextProvider i18n={createI18n('en')}>
      <FatalScreen reason={reason} />
    </I18nextProvider>
  )
}

describe('the fatal screen', () => {
  it('explains a missing bridge and marks the document fatal', () => {
    renderFatal({ kind: 'missing' })
    expect(screen.getByRole('heading', { level: 1, name: 'The studio cannot start' })).toBeTruthy()
    expect(screen.getByRole('alert').textContent).toContain('opened without the studio host')
    expect(document.documentElement.dataset.appState).toBe('fatal')
  })

  it('names what an outdated bridge lacks', () => {
    renderFatal({ kind: 'incomplete', missing: ['studio.balance.getUsage'] })
    expect(screen.getByRole('alert').textContent).toContain('studio.balance.getUsage is missing')
  })
})
