import { describe, expect, it } from 'vitest'
import { paramsToDraft, defaultParams } from '../params/param-draft'
import { validateSettings } from '../settings/settings-model'
import { chosenModels, compareBlock, duplicateIndexes } from './compare-rules'

const ok = validateSettings({ format: 'chat', model: 'm', system: '', fields: paramsToDraft(defaultParams('chat')) })
const tooLongSystem = validateSettings({
  format: 'chat',
  model: 'm',
  system: 'x'.repeat(1_000_000),
  fields: paramsToDraft(defaultParams('chat'))
})

describe('what stops a compare before it starts', () => {
  it('needs two to four different models and a prompt', () => {
    expect(compareBlock(['a', '  '], 'hi', 'chat', ok)).toBe('tooFewModels')
    expect(compareBlock(['a', 'b', 'c', 'd', 'e'], 'hi', 'chat', ok)).toBe('tooManyModels')
    expect(compareBlock(['a', ' a '], 'hi', 'chat', ok)).toBe('duplicateModel')
    expect(compareBlock(['a', 'b'], '  ', 'chat', ok)).toBe('emptyPrompt')
    expect(compareBlock(['a', 'b'], '', 'completions', ok)).toBe('emptyDocument')
    expect(compareBlock(['a', 'b'], 'hi', 'chat', tooLongSystem)).toBe('settings')
    expect(compareBlock(['a', 'b', ''], 'hi', 'chat', ok)).toBeNull()
  })

  it('sends trimmed models without blanks, and marks the repeated field', () => {
    expect(chosenModels([' a ', '', 'b'])).toEqual(['a', 'b'])
    expect([...duplicateIndexes(['a', 'b', ' a', ''])]).toEqual([2])
  })
})
