import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { descriptionOf, isInvalid } from '@renderer/testing/a11y'
import { FakeHost } from '@renderer/testing/fake-host'
import { renderImages, resetImages } from '@renderer/testing/render-images'
import { ruleError } from '@shared/domain/rule-english'

afterEach(resetImages)

describe('generate form: a host refusal in the user language', () => {
  it('a rule refusal is shown in Chinese at its field', async () => {
    // The form allows 8; a host whose model rules allow fewer refuses it.
    const host = new FakeHost().on('images:generate', () => {
      throw ruleError({ field: 'n', key: 'countRange', values: { min: 1, max: 4 } })
    })
    // The app takes its language from the host's settings.
    host.settings = { theme: 'system', language: 'zh' }
    const { user, i18n } = await renderImages({ host, language: 'zh' })
    const form = within(screen.getByRole('form', { name: i18n.t('images.view.generateTab') }))
    await user.type(form.getByRole('textbox', { name: i18n.t('images.common.prompt') }), 'a red kite')
    const n = form.getByRole('textbox', { name: i18n.t('images.common.count') })
    await user.clear(n)
    await user.type(n, '8')
    await user.click(form.getByRole('button', { name: i18n.t('images.generate.submit') }))
    expect(await form.findByText('数量为 1 到 4 之间的整数。')).toBeTruthy()
    expect(isInvalid(n)).toBe(true)
    expect(descriptionOf(n)).toContain('数量为 1 到 4 之间的整数。')
    expect(form.queryByText(/The count n is a whole number/)).toBeNull()
  })
})
