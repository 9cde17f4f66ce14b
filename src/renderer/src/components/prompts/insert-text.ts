/** A prompt field: the textarea a saved prompt goes into. */
export type PromptFieldElement = HTMLTextAreaElement

/**
 * Marks a textarea as a prompt field besides the one a form's picker is attached to (a system
 * instruction, say), so the picker inserts there once the user was in it. Spread it on the textarea.
 */
export const PROMPT_FIELD_ATTR = 'data-prompt-field'
export const promptFieldProps = { [PROMPT_FIELD_ATTR]: '' } as const

let lastField: PromptFieldElement | null = null

/** Remembers the prompt field the user was last in (the command palette inserts there). */
export function notePromptField(el: PromptFieldElement): void {
  lastField = el
}

/** The prompt field last used, while it is still on screen and editable. */
export function lastPromptField(): PromptFieldElement | null {
  return lastField && lastField.isConnected && !lastField.disabled && !lastField.readOnly ? lastField : null
}

/**
 * Puts `text` at the field's cursor (replacing a selection) as if typed: the value is set through
 * the element's own setter and an `input` event fired, so the form's React state (the field is
 * controlled) takes it through its usual onChange; the cursor lands after the inserted text.
 */
export function insertAtCursor(el: PromptFieldElement, text: string): void {
  const start = el.selectionStart ?? el.value.length
  const end = el.selectionEnd ?? start
  const next = el.value.slice(0, start) + text + el.value.slice(end)
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(el) as object, 'value')?.set
  if (setter) setter.call(el, next)
  else el.value = next
  el.dispatchEvent(new Event('input', { bubbles: true }))
  el.focus()
  const caret = start + text.length
  el.setSelectionRange(caret, caret)
  notePromptField(el)
}
