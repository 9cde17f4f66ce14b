import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { descriptionOf } from '@renderer/testing/a11y'
import { FakeHost } from '@renderer/testing/fake-host'
import { renderVideo, resetVideo } from '@renderer/testing/render-video'
import { ruleError } from '@shared/domain/rule-english'
import { StudioError } from '@shared/errors'

afterEach(resetVideo)

/** Fills the prompt and submits the create form, whatever the UI language. */
async function submit(language: 'en' | 'zh', host: FakeHost) {
  // The app takes its language from the host's settings.
  host.settings = { theme: 'system', language: language }
  const { user, i18n } = await renderVideo({ host, language })
  const form = within(screen.getByRole('form', { name: i18n.t('video.view.createTab') }))
  await user.type(form.getByRole('textbox', { name: i18n.t('video.form.prompt') }), 'a fox in snow')
  await user.click(form.getByRole('button', { name: i18n.t('video.form.submit') }))
  return { form, i18n }
}

describe('video create: a host refusal in the user language', () => {
  it('a rule refusal is shown in Chinese at its field and above the form, not in the host English', async () => {
    // The host's own refusal, built as the host builds it (English message, rule key and values in details).
    const refusal = ruleError(
      { field: 'duration', key: 'durationRange', values: { model: 'vidq2-pro', min: 1, max: 10 } },
      { prefixField: true }
    )
    const host = new FakeHost().on('video:create', () => {
      throw refusal
    })
    const { form, i18n } = await submit('zh', host)
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('duration: 1 到 10 之间的整数秒。')
    expect(alert.textContent).not.toContain(refusal.message)
    expect(descriptionOf(form.getByRole('textbox', { name: i18n.t('video.form.duration') }))).toContain(
      '1 到 10 之间的整数秒。'
    )
  })

  it('a refusal that is no rule keeps the host text', async () => {
    const host = new FakeHost().on('video:create', () => {
      throw new StudioError('INVALID_INPUT', 'The gateway refused this model for this key.', { field: 'model' })
    })
    await submit('zh', host)
    expect((await screen.findByRole('alert')).textContent).toContain('The gateway refused this model for this key.')
  })

  it('a rule key this page does not know keeps the host text', async () => {
    const host = new FakeHost().on('video:create', () => {
      throw new StudioError('INVALID_INPUT', 'duration: a rule from a newer host', {
        field: 'duration',
        details: { rule: 'fromTheFuture' }
      })
    })
    await submit('zh', host)
    expect((await screen.findByRole('alert')).textContent).toContain('duration: a rule from a newer host')
  })
})
