import { fireEvent, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { descriptionOf, isInvalid } from '@renderer/testing/a11y'
import { renderImages, resetImages } from '@renderer/testing/render-images'

afterEach(resetImages)

async function openNative() {
  const r = await renderImages()
  await r.user.click(screen.getByRole('tab', { name: 'Native task' }))
  return { ...r, f: within(screen.getByRole('form', { name: 'Native task' })) }
}

describe('native image task form', () => {
  it('counts the prompt live and warns past 800 characters', async () => {
    const { f, user } = await openNative()
    const prompt = f.getByRole('textbox', { name: 'Prompt' })
    await user.type(prompt, 'hello')
    expect(descriptionOf(prompt)).toContain('5 / 800 characters')
    fireEvent.change(prompt, { target: { value: 'x'.repeat(801) } })
    expect(descriptionOf(prompt)).toContain('801 / 800 characters')
    expect(descriptionOf(prompt)).toContain('may render wrongly or be ignored')
    expect(f.getByTestId('prompt-counter').dataset.over).toBe('true')
  })

  it('refuses a deprecated area outside 1024x1024..4096x4096 at the field, with no request', async () => {
    const { f, user, host } = await openNative()
    await user.type(f.getByRole('textbox', { name: 'Prompt' }), 'a harbour')
    await user.click(screen.getByText('Deprecated area size'))
    const area = f.getByRole('textbox', { name: 'Area in pixels' })
    await user.type(area, '1000')
    await user.click(f.getByRole('button', { name: 'Submit task' }))
    expect(isInvalid(area)).toBe(true)
    expect(host.callsTo('images:submit-native')).toHaveLength(0)
  })

  it('sends width and height from a preset, image URLs and force_single', async () => {
    const { f, user, host } = await openNative()
    await user.type(f.getByRole('textbox', { name: 'Prompt' }), 'a harbour')
    await user.selectOptions(f.getByRole('combobox', { name: 'Width × height' }), '2560×1440 (16:9, 2k)')
    await user.selectOptions(f.getByRole('combobox', { name: 'Resolution' }), '2k')
    await user.click(f.getByRole('button', { name: 'Add URL' }))
    await user.type(f.getByRole('textbox', { name: 'Image URL 1' }), 'https://example.com/a.jpg')
    await user.click(f.getByRole('checkbox', { name: 'One image only' }))
    await user.click(f.getByRole('button', { name: 'Submit task' }))
    expect(host.callsTo('images:submit-native')).toEqual([
      // The model field starts on the profile's first native-task name and sends it.
      {
        model: 'imagegen-4.0',
        prompt: 'a harbour',
        resolution: '2k',
        width: 2560,
        height: 1440,
        image_urls: ['https://example.com/a.jpg'],
        force_single: true
      }
    ])
  })

  it('checks custom width and height as a pair and by area', async () => {
    const { f, user, host } = await openNative()
    await user.type(f.getByRole('textbox', { name: 'Prompt' }), 'p')
    await user.selectOptions(f.getByRole('combobox', { name: 'Width × height' }), 'Custom…')
    await user.type(f.getByRole('textbox', { name: 'Width' }), '8000')
    await user.type(f.getByRole('textbox', { name: 'Height' }), '8000')
    await user.click(f.getByRole('button', { name: 'Submit task' }))
    expect(descriptionOf(f.getByRole('textbox', { name: 'Width' }))).toContain(
      'the area must be between 1024×1024 and 4096×4096'
    )
    expect(host.callsTo('images:submit-native')).toHaveLength(0)
  })
})
