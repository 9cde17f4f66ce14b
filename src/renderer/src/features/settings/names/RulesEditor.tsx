import { useT } from '@renderer/i18n/use-t'
import { EMPTY_RULE, type RuleDraft } from './names-draft'

const NUMBER_FIELDS = ['forcedSeconds', 'durationMin', 'durationMax', 'durationDefault'] as const
const LIST_FIELDS = ['aspectRatios', 'resolutions', 'defaultResolution', 'qualities'] as const

/** One row per model rule: the model it applies to and what it changes of the family's rules. */
export function RulesEditor(p: {
  rules: RuleDraft[]
  suggestions: readonly string[]
  onChange: (rules: RuleDraft[]) => void
  errorFor: (model: string, index: number) => string | null
}) {
  const { t } = useT()
  const set = (i: number, patch: Partial<RuleDraft>) =>
    p.onChange(p.rules.map((r, j) => (j === i ? { ...r, ...patch } : r)))
  return (
    <fieldset className="names-section">
      <legend className="section-title">{t('names.rulesLegend')}</legend>
      <p className="field-help">{t('names.rulesHelp')}</p>
      <datalist id="names-rule-models">
        {p.suggestions.map((m) => (
          <option key={m} value={m} />
        ))}
      </datalist>
      <ul className="names-rules">
        {p.rules.map((r, i) => {
          const label = r.model || t('names.ruleUnnamed')
          const error = p.errorFor(r.model.trim(), i)
          return (
            // The group is inside the item: a list's children are list items, never groups.
            <li key={i}>
              <div className="names-rule" role="group" aria-label={label}>
                <label className="field">
                  <span className="field-label">{t('names.ruleModel')}</span>
                  <input
                    className="input"
                    list="names-rule-models"
                    value={r.model}
                    spellCheck={false}
                    aria-invalid={error ? true : undefined}
                    onChange={(e) => set(i, { model: e.target.value })}
                  />
                </label>
                {NUMBER_FIELDS.map((f) => (
                  <label key={f} className="field">
                    <span className="field-label">{t(`names.${f}`)}</span>
                    <input
                      className="input"
                      inputMode="numeric"
                      value={r[f]}
                      onChange={(e) => set(i, { [f]: e.target.value })}
                    />
                  </label>
                ))}
                {LIST_FIELDS.map((f) => (
                  <label key={f} className="field">
                    <span className="field-label">{t(`names.${f}`)}</span>
                    <input
                      className="input"
                      value={r[f]}
                      spellCheck={false}
                      onChange={(e) => set(i, { [f]: e.target.value })}
                    />
                  </label>
                ))}
                <label className="field">
                  <span className="field-label">{t('names.voiceId')}</span>
                  <select
                    className="select"
                    value={r.voiceIdHasEffect}
                    onChange={(e) => set(i, { voiceIdHasEffect: e.target.value as RuleDraft['voiceIdHasEffect'] })}
                  >
                    <option value="">{t('names.voiceDefault')}</option>
                    <option value="yes">{t('names.yes')}</option>
                    <option value="no">{t('names.no')}</option>
                  </select>
                </label>
                <button
                  type="button"
                  className="button button-small button-danger"
                  aria-label={t('names.removeRule', { model: label })}
                  onClick={() => p.onChange(p.rules.filter((_, j) => j !== i))}
                >
                  ×
                </button>
                {error && <p className="field-error names-rule-error">{error}</p>}
              </div>
            </li>
          )
        })}
      </ul>
      <button type="button" className="button button-small" onClick={() => p.onChange([...p.rules, { ...EMPTY_RULE }])}>
        {t('names.addRule')}
      </button>
    </fieldset>
  )
}
