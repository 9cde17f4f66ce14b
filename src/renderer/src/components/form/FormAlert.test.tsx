import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { FormAlert } from './FormAlert'

afterEach(cleanup)

describe('FormAlert', () => {
  it('announces what failed and why as an alert', () => {
    render(<FormAlert title="Could not send" detail="The key was refused (401)." />)
    const alert = screen.getByRole('alert')
    expect(alert.querySelector('.form-alert-title')?.textContent).toBe('Could not send')
    expect(alert.querySelector('.form-alert-detail')?.textContent).toBe('The key was refused (401).')
  })

  it('as a group (a failure that is state, not news) it is named by its title and not announced', () => {
    render(<FormAlert role="group" title="Quota exhausted" detail="Top up the key." />)
    expect(screen.queryByRole('alert')).toBeNull()
    expect(screen.getByRole('group', { name: 'Quota exhausted' }).textContent).toContain('Top up the key.')
  })
})
