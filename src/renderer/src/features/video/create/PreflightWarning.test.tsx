import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { renderVideo, resetVideo } from '@renderer/testing/render-video'

afterEach(resetVideo)

/** The check before a create (the form's estimate line asks too, with the request's price fields). */
const checks = (host: Awaited<ReturnType<typeof renderVideo>>['host']) =>
  host.callsTo('balance:preflight').filter((c) => !('params' in (c as object)))

const form = () => screen.getByRole('form', { name: 'Create' })
const prompt = () => within(form()).getByRole('textbox', { name: 'Prompt' })

describe('the balance pre-flight of a video create', () => {
  it('warns with available vs expected cost, sends nothing on the first click, and sends on "Submit anyway"', async () => {
    const { host, user } = await renderVideo()
    host.balance.preflight = {
      available: 1200,
      unlimited: false,
      expectedCost: 5000,
      basedOn: 3,
      warn: true,
      reason: 'below-cost',
      fetchedAt: Date.now()
    }
    await user.type(prompt(), 'an expensive fox')
    await user.click(within(form()).getByRole('button', { name: 'Create video' }))
    const warning = await screen.findByTestId('preflight-warning')
    expect(warning.getAttribute('role')).toBe('alert')
    expect(warning.textContent).toContain('Your balance may not cover this video')
    expect(warning.textContent).toContain('Available: 1,200')
    expect(warning.textContent).toContain('expected cost of a vidq2-pro video: 5,000 (from 3 past jobs)')
    expect(checks(host)).toEqual([{ model: 'vidq2-pro', kind: 'video' }])
    expect(host.callsTo('video:create')).toHaveLength(0)
    await user.click(within(form()).getByRole('button', { name: 'Submit anyway' }))
    await waitFor(() => expect(host.callsTo('video:create')).toHaveLength(1))
    expect(checks(host)).toHaveLength(1)
    await waitFor(() => expect(screen.queryByTestId('preflight-warning')).toBeNull())
    expect(within(form()).getByRole('button', { name: 'Create video' })).toBeTruthy()
  })

  it('no warning: one click sends; another model after a warning is checked again', async () => {
    const { host, user } = await renderVideo()
    await user.type(prompt(), 'a cheap fox')
    await user.click(within(form()).getByRole('button', { name: 'Create video' }))
    await waitFor(() => expect(host.callsTo('video:create')).toHaveLength(1))
    expect(screen.queryByTestId('preflight-warning')).toBeNull()
    host.balance.preflight = {
      available: 0,
      unlimited: false,
      expectedCost: null,
      basedOn: 0,
      warn: true,
      reason: 'exhausted',
      fetchedAt: Date.now()
    }
    await user.click(within(form()).getByRole('button', { name: 'Create video' }))
    expect((await screen.findByTestId('preflight-warning')).textContent).toContain('This key has no quota left')
    expect(screen.getByTestId('preflight-warning').textContent).toContain('expected cost of a vidq2-pro video: unknown')
    const model = within(form()).getByRole('combobox', { name: 'Model' })
    await user.clear(model)
    await user.type(model, 'vidq1')
    await user.click(within(form()).getByRole('button', { name: 'Submit anyway' }))
    await waitFor(() => expect(checks(host)).toHaveLength(3))
    expect(checks(host)[2]).toEqual({ model: 'vidq1', kind: 'video' })
    expect(host.callsTo('video:create')).toHaveLength(1)
  })
})
