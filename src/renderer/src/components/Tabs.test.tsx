import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { Tabs } from './Tabs'

afterEach(cleanup)

const PANELS = ['one', 'two', 'three'] as const
type Panel = (typeof PANELS)[number]

function Harness() {
  const [active, setActive] = useState<Panel>('one')
  return (
    <Tabs<Panel>
      idPrefix="t"
      label="Sections"
      panels={PANELS}
      active={active}
      onSelect={setActive}
      labelOf={(p) => `Tab ${p}`}
    >
      <p>content {active}</p>
    </Tabs>
  )
}

describe('Tabs', () => {
  it('selects by click, moves with the arrow keys both ways (wrapping), and keeps one tab in the Tab order', async () => {
    const user = userEvent.setup()
    render(<Harness />)
    const tab = (p: string) => screen.getByRole('tab', { name: `Tab ${p}` })
    expect(screen.getByRole('tabpanel', { name: 'Tab one' }).textContent).toBe('content one')
    await user.click(tab('two'))
    expect(tab('two').getAttribute('aria-selected')).toBe('true')
    await user.keyboard('{ArrowRight}')
    expect(document.activeElement).toBe(tab('three'))
    await user.keyboard('{ArrowRight}')
    expect(document.activeElement).toBe(tab('one'))
    await user.keyboard('{ArrowLeft}')
    expect(document.activeElement).toBe(tab('three'))
    expect(screen.getByRole('tabpanel', { name: 'Tab three' }).textContent).toBe('content three')
    expect(screen.getAllByRole('tab').map((t) => t.tabIndex)).toEqual([-1, -1, 0])
  })
})
