/** What the compare form checks before it lets a run start (the host checks the same again). Pure. */
import type { ChatFormat } from '@shared/domain/chat'
import { PROMPT_MAX_CHARS } from '@shared/domain/chat-limits'
import { COMPARE_MAX, COMPARE_MIN } from '@shared/domain/compare'
import type { SettingsValidation } from '../settings/settings-model'

export type CompareBlock =
  'tooFewModels' | 'tooManyModels' | 'duplicateModel' | 'emptyPrompt' | 'emptyDocument' | 'promptTooLong' | 'settings'

/** The models as they will be sent: trimmed, blanks left out. */
export function chosenModels(fields: readonly string[]): string[] {
  return fields.map((m) => m.trim()).filter((m) => m !== '')
}

/** The first reason not to start, or null. `validation`: the shared settings (format, system instruction, parameters) checked with the first model. */
export function compareBlock(
  fields: readonly string[],
  text: string,
  format: ChatFormat,
  validation: SettingsValidation
): CompareBlock | null {
  const models = chosenModels(fields)
  if (models.length < COMPARE_MIN) return 'tooFewModels'
  if (models.length > COMPARE_MAX) return 'tooManyModels'
  if (new Set(models).size !== models.length) return 'duplicateModel'
  if (text.trim() === '') return format === 'completions' ? 'emptyDocument' : 'emptyPrompt'
  if (text.length > PROMPT_MAX_CHARS) return 'promptTooLong'
  if (!validation.ok) return 'settings'
  return null
}

/** Which model fields repeat an earlier one (by index), to mark them at the field. */
export function duplicateIndexes(fields: readonly string[]): Set<number> {
  const seen = new Set<string>()
  const out = new Set<number>()
  fields.forEach((raw, i) => {
    const m = raw.trim()
    if (m === '') return
    if (seen.has(m)) out.add(i)
    seen.add(m)
  })
  return out
}
