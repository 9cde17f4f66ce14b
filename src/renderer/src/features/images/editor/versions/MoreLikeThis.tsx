import { useId, useState } from 'react'
import { useT } from '@renderer/i18n/use-t'
import { errorMessage } from '@renderer/lib/error-text'
import { studio } from '@renderer/lib/studio'
import { useVariations } from './variations-store'

export const VARIATIONS_DEFAULT = 4
export const VARIATIONS_MAX = 8

/** The count as typed, or null when it is not a whole number from 1 to 8 (said before anything is sent). */
export function parseCount(text: string): number | null {
  if (!/^\s*\d+\s*$/.test(text)) return null
  const n = Number(text)
  return n >= 1 && n <= VARIATIONS_MAX ? n : null
}

/** "More like this": the request that made `itemId`, sent N more times; the jobs are shown as one group. */
export function MoreLikeThis({ itemId, name }: { itemId: string; name: string }) {
  const { t } = useT()
  const ids = useId()
  const [text, setText] = useState(String(VARIATIONS_DEFAULT))
  const [problem, setProblem] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const count = parseCount(text)
  const send = async () => {
    if (count === null) return setProblem(t('flows.variations.countError'))
    setProblem(null)
    setBusy(true)
    try {
      // Each variation waits in the queue; its cell fills in once its job is sent and done.
      const { groupId, jobIds } = await studio.images.moreLikeThis({ id: itemId, count })
      useVariations.getState().add({ groupId, of: itemId, name, jobIds })
    } catch (e) {
      setProblem(t('flows.variations.failed', { message: errorMessage(e) }))
    } finally {
      setBusy(false)
    }
  }
  return (
    <div className="more-like-this" role="group" aria-label={t('flows.variations.more')}>
      <label className="field more-like-this-count" htmlFor={`${ids}-count`}>
        <span>{t('flows.variations.count')}</span>
        <input
          className="input"
          id={`${ids}-count`}
          type="number"
          inputMode="numeric"
          min={1}
          max={VARIATIONS_MAX}
          value={text}
          aria-invalid={count === null || undefined}
          aria-describedby={problem ? `${ids}-problem` : undefined}
          onChange={(e) => {
            setText(e.target.value)
            setProblem(null)
          }}
        />
      </label>
      <button
        type="button"
        className="button button-small"
        title={t('flows.variations.moreTitle', { count: count ?? VARIATIONS_DEFAULT })}
        aria-busy={busy || undefined}
        disabled={busy}
        onClick={() => void send()}
      >
        {busy ? t('flows.variations.sending') : t('flows.variations.more')}
      </button>
      {problem && (
        <p className="field-error" role="alert" id={`${ids}-problem`}>
          {problem}
        </p>
      )}
    </div>
  )
}
