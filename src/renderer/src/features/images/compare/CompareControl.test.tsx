import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { renderImages, resetImages } from '@renderer/testing/render-images'

afterEach(resetImages)

const form = () => within(screen.getByRole('form', { name: 'Generate' }))

describe('run on several models (images)', () => {
  it('shows per model what its family takes and drops, the estimates and their total, then sends one run with one request per model', async () => {
    const { host, user } = await renderImages()
    host.on('balance:preflight', ({ model }) => ({
      available: 10_000,
      unlimited: false,
      expectedCost: model === 'image-model-2' ? null : model === 'imagegen-4.0' ? 1500 : 2500,
      basedOn: 3,
      warn: false,
      reason: 'ok' as const,
      fetchedAt: Date.now()
    }))
    await user.click(form().getByRole('radio', { name: 'Reference images and quality' }))
    await user.type(form().getByRole('textbox', { name: 'Prompt' }), 'a red kite')
    await user.type(form().getByRole('textbox', { name: 'Style' }), 'watercolour')
    await user.click(form().getByRole('button', { name: 'Run on several models…' }))
    for (const m of ['imagegen-4.0', 'imagegen-4.5', 'image-model-2'])
      await user.click(form().getByRole('checkbox', { name: new RegExp(m.replace('.', '\\.')) }))

    const rows = await screen.findAllByTestId('compare-plan-row')
    expect(rows).toHaveLength(3)
    // The first family has no place for `style`; the second keeps it.
    expect(within(rows[0]).getByTestId('compare-drops').textContent).toContain('style')
    expect(within(rows[2]).getByTestId('compare-drops').textContent).toContain('nothing dropped')
    expect(await within(rows[0]).findByText(/about 1,500/)).toBeTruthy()
    expect(within(rows[2]).getByTestId('compare-estimate').textContent).toContain(
      'no estimate yet: no history for this model'
    )
    expect(screen.getByTestId('compare-total').textContent).toMatch(/about 4,000 .*1 without an estimate/)

    await user.click(form().getByRole('button', { name: 'Run on 3 models' }))
    const calls = host.callsTo('compare:start-run') as Array<{
      runId: string
      requests: Array<{ family: string; model: string; style?: string }>
    }>
    expect(calls).toHaveLength(1)
    expect(calls[0].requests.map((r) => [r.family, r.model, r.style])).toEqual([
      ['imagegen', 'imagegen-4.0', undefined],
      ['imagegen', 'imagegen-4.5', undefined],
      ['image2', 'image-model-2', 'watercolour']
    ])
    expect(host.callsTo('images:generate')).toHaveLength(0)
  })

  it('refuses with the reason when a model cannot take the request at all, and sends nothing', async () => {
    const { host, user } = await renderImages()
    await user.click(form().getByRole('radio', { name: 'Reference images and quality' }))
    // The second family takes an empty prompt with a reference image; the first needs a prompt.
    await user.click(form().getByRole('button', { name: 'Add URL' }))
    await user.type(form().getByRole('textbox', { name: /Reference URL 1|URL 1/ }), 'https://example.com/a.png')
    await user.click(form().getByRole('button', { name: 'Run on several models…' }))
    await user.click(form().getByRole('checkbox', { name: /imagegen-4\.0/ }))
    await user.click(form().getByRole('checkbox', { name: /image-model-2/ }))
    await user.click(form().getByRole('button', { name: 'Run on 2 models' }))
    expect(
      screen
        .getAllByRole('alert')
        .map((a) => a.textContent)
        .join(' ')
    ).toMatch(/imagegen-4\.0: .*prompt/i)
    expect(host.callsTo('compare:start-run')).toHaveLength(0)
  })

  it('a second click on the same request sends the same run id (the host answers the run it already started)', async () => {
    const { host, user } = await renderImages()
    await user.type(form().getByRole('textbox', { name: 'Prompt' }), 'twice')
    await user.click(form().getByRole('button', { name: 'Run on several models…' }))
    await user.click(form().getByRole('checkbox', { name: /imagegen-4\.0/ }))
    await user.click(form().getByRole('checkbox', { name: /imagegen-4\.5/ }))
    host.on('compare:start-run', () => {
      throw Object.assign(new Error('connection dropped'), { code: 'NETWORK' })
    })
    await user.click(form().getByRole('button', { name: 'Run on 2 models' }))
    await screen.findByText(/The run was not started/)
    await user.click(form().getByRole('button', { name: 'Run on 2 models' }))
    const ids = (host.callsTo('compare:start-run') as Array<{ runId: string }>).map((c) => c.runId)
    expect(ids).toHaveLength(2)
    expect(ids[0]).toBe(ids[1])
  })
})
