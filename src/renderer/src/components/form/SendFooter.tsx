import type { ReactNode } from 'react'
import { useT } from '@renderer/i18n/use-t'
import type { Preflight } from '@shared/domain/balance'
import { EstimateLine } from './EstimateLine'
import { FormFooter, submitKeyName } from './FormFooter'
import { SubmitRow } from './SubmitRow'

export interface SendFooterProps {
  estimate: Preflight | null | undefined
  model: string
  /** The send button's text (it says when the request is out or a limit holds it). */
  label: ReactNode
  busy: boolean
  /** Where the form can queue its request instead: Add to queue beside the send button. */
  queue?: { add: () => void; busy: boolean }
}

/** A generation form's footer: what the request should cost, the send button with its shortcut, and queueing where offered. */
export function SendFooter({ estimate, model, label, busy, queue }: SendFooterProps) {
  const { t } = useT()
  return (
    <FormFooter>
      <EstimateLine preflight={estimate} model={model} />
      <SubmitRow label={label} busy={busy} keys={submitKeyName()}>
        {queue && (
          <button type="button" className="button" onClick={queue.add} aria-busy={queue.busy || undefined}>
            {t('images.queue.addToQueue')}
          </button>
        )}
      </SubmitRow>
    </FormFooter>
  )
}
