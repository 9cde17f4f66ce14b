/** Small accessibility readers for tests (jest-dom is not installed; these follow the ARIA rules we rely on). */

/** The accessible description: the text of the elements named by aria-describedby, in order. */
export function descriptionOf(el: Element): string {
  const ids = (el.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean)
  return ids
    .map((id) => el.ownerDocument.getElementById(id)?.textContent?.trim() ?? '')
    .filter(Boolean)
    .join(' ')
}

export function isInvalid(el: Element): boolean {
  return el.getAttribute('aria-invalid') === 'true'
}

export function hasFocus(el: Element): boolean {
  return el.ownerDocument.activeElement === el
}
