import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useDeferredValue, useMemo } from 'react'
import { useT } from '@renderer/i18n/use-t'
import { balanceKeys } from '@renderer/lib/balance/keys'
import { studio } from '@renderer/lib/studio'
import { formatRaw } from '@shared/domain/balance-units'
import type { ChatMessage } from '@shared/domain/chat'
import { promptTokens } from '@shared/domain/chat-estimate'

/** What a send repeats of a message: its text, tool calls and tool results (images are left out of the count). */
function sentText(m: ChatMessage): string {
  let s = ''
  for (const p of m.parts) {
    if (p.type === 'text') s += p.text
    else if (p.type === 'tool_call') s += p.input
    else if (p.type === 'tool_result') s += p.content
  }
  return s
}

export interface ChatEstimateAsk {
  model: string
  system: string
  messages: readonly ChatMessage[]
}

/**
 * The composer's expected cost of the next send, before it is sent: the prompt and the history it
 * carries, counted in tokens here, priced by the host from this profile's measured chat answers of
 * the model per token. "about X for ~N tokens (from M answers)", or that there is no history yet.
 * Only said, never a reason to refuse the send; a failed ask shows nothing.
 */
export function ChatEstimateLine({ model, system, messages, prompt }: ChatEstimateAsk & { prompt: string }) {
  const { t, i18n } = useT()
  const history = useMemo(() => messages.map(sentText), [messages])
  // Counted as typed; asked of the host once typing settles (the previous answer stays meanwhile).
  const tokens = useDeferredValue(useMemo(() => promptTokens(prompt, history, system), [prompt, history, system]))
  const name = model.trim()
  const q = useQuery({
    queryKey: balanceKeys.estimate('', 'chat', name, `tokens=${tokens}`),
    queryFn: () => studio.balance.chatEstimate({ model: name, inputTokens: tokens }),
    enabled: name.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 15_000,
    retry: false
  })
  const e = q.data
  if (!name || !e) return null
  const fmt = (v: number) => formatRaw(v, i18n.language)
  const text =
    e.cost === null
      ? t('chat.composer.estimate.none', { tokens: e.tokens })
      : t('chat.composer.estimate.about', {
          amount: fmt(e.cost),
          low: fmt(e.low ?? e.cost),
          high: fmt(e.high ?? e.cost),
          tokens: e.tokens,
          count: e.basedOn
        })
  return (
    <p className="field-help estimate-line" data-testid="chat-estimate" data-known={e.cost !== null || undefined}>
      <span className="estimate-label">{t('balance.estimate.label')}</span> {text}
    </p>
  )
}
