import { fireEvent, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { renderVideo, resetVideo } from '@renderer/testing/render-video'

afterEach(resetVideo)

const form = () => within(screen.getByRole('form', { name: 'Create' }))

describe('run on several models (video)', () => {
  it('compares across two families: what each takes and drops, the estimate, one run with one request per model', async () => {
    const { host, user } = await renderVideo()
    host.on('balance:preflight', ({ model }) => ({
      available: null,
      unlimited: false,
      expectedCost: model.startsWith('gk') ? 12_000 : null,
      basedOn: 2,
      warn: false,
      reason: 'ok' as const,
      fetchedAt: null
    }))
    fireEvent.change(form().getByRole('textbox', { name: 'Prompt' }), { target: { value: 'waves at dusk' } })
    await user.click(form().getByRole('button', { name: 'Run on several models…' }))
    await user.click(form().getByRole('checkbox', { name: /^vidq2-pro / }))
    await user.click(form().getByRole('checkbox', { name: /^gk-video-3 / }))
    const rows = await screen.findAllByTestId('compare-plan-row')
    expect(rows).toHaveLength(2)
    // The q-family's own resolution word (720p) is no gk size: named as dropped for gk, kept for vidq.
    expect(within(rows[0]).getByTestId('compare-drops').textContent).toContain('nothing dropped')
    expect(within(rows[1]).getByTestId('compare-drops').textContent).toContain('resolution')
    expect(await within(rows[1]).findByText(/about 12,000/)).toBeTruthy()
    expect(screen.getByTestId('compare-total').textContent).toMatch(/about 12,000 .*1 without an estimate/)

    await user.click(form().getByRole('button', { name: 'Run on 2 models' }))
    const calls = host.callsTo('compare:start-run') as Array<{
      area: string
      requests: Array<{ family: string; model: string; prompt: string }>
    }>
    expect(calls).toHaveLength(1)
    expect(calls[0].area).toBe('video')
    expect(calls[0].requests.map((r) => [r.family, r.model, r.prompt])).toEqual([
      ['vidq', 'vidq2-pro', 'waves at dusk'],
      ['gk', 'gk-video-3', 'waves at dusk']
    ])
    expect(host.callsTo('video:create')).toHaveLength(0)
  })
})
