import { cleanup, render, screen } from '@testing-library/react'
import Brush from 'lucide-react/icons/brush'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Icon } from './Icon'
import { IconButton } from './IconButton'

afterEach(cleanup)

const pathsOf = (el: Element) => Array.from(el.querySelectorAll('path'), (p) => p.getAttribute('d'))

describe('IconButton', () => {
  it('is named by its label, and its tooltip adds the key', () => {
    render(<IconButton icon="copy" label="Copy" keys="Ctrl+C" />)
    const button = screen.getByRole('button', { name: 'Copy' })
    expect(screen.getByRole('tooltip', { hidden: true }).textContent).toBe('Copy (Ctrl+C)')
    expect(button.getAttribute('aria-describedby')).toBe(screen.getByRole('tooltip', { hidden: true }).id)
  })

  it('draws a glyph an area brings with its own chunk, through the same renderer as a named icon', () => {
    const onClick = vi.fn()
    const { container } = render(
      <>
        <IconButton
          icon={Brush}
          label="Brush"
          tooltip="Brush（B）"
          aria-pressed
          className="painter-tool"
          onClick={onClick}
        />
        <span data-testid="named">
          <Icon name="copy" />
        </span>
      </>
    )
    const button = screen.getByRole('button', { name: 'Brush', pressed: true })
    // An area's own wording of label and key is shown as given (the Chinese pattern's brackets).
    expect(screen.getAllByRole('tooltip', { hidden: true })[0].textContent).toBe('Brush（B）')
    expect(button.className).toBe('icon-button painter-tool')
    const glyph = button.querySelector('svg')!
    const direct = render(<Brush />).container.querySelector('svg')!
    expect(pathsOf(glyph)).toEqual(pathsOf(direct))
    const named = screen.getByTestId('named').querySelector('svg')!
    expect(glyph.classList.contains('icon')).toBe(true)
    for (const attr of ['aria-hidden', 'focusable', 'stroke-width', 'width', 'fill'])
      expect(glyph.getAttribute(attr)).toBe(named.getAttribute(attr))
    button.click()
    expect(onClick).toHaveBeenCalledOnce()
    expect(container.querySelectorAll('button')).toHaveLength(1)
  })
})
