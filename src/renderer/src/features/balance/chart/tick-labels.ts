/** Fraction digits tried before giving up on precision and leaving repeated labels blank. */
const MAX_FRACTION_DIGITS = 4

/**
 * Axis labels where no text appears twice. Compact numbers round close ticks to one text (5M, 5M,
 * 4.9M, 4.9M): more fraction digits are tried until every label differs (4.95M, 5M); if none
 * separates them, a label equal to an earlier one is left blank rather than printed again.
 */
export function distinctLabels(
  values: readonly number[],
  format: (v: number, fractionDigits: number) => string,
  fromDigits = 1
): string[] {
  for (let digits = fromDigits; digits <= MAX_FRACTION_DIGITS; digits++) {
    const labels = values.map((v) => format(v, digits))
    if (new Set(labels).size === labels.length) return labels
  }
  return dropRepeats(values.map((v) => format(v, MAX_FRACTION_DIGITS)))
}

/** Blanks every label equal to one before it. */
export function dropRepeats(labels: readonly string[]): string[] {
  const seen = new Set<string>()
  return labels.map((l) => {
    if (seen.has(l)) return ''
    seen.add(l)
    return l
  })
}
