import { useT } from '@renderer/i18n/use-t'

/**
 * What a form will ask the gateway for, exactly: method, route and the body fields as typed. Kept
 * folded under the form, so the words a creator reads first describe the picture, not the wire.
 */
export function RequestPreview({ method, route, body }: { method: string; route: string; body: unknown }) {
  const { t } = useT()
  return (
    <details className="request-preview" data-testid="request-preview">
      <summary>{t('actions.request')}</summary>
      <p className="field-help">{t('actions.requestHelp')}</p>
      <pre className="request-preview-body">{`${method} ${route}\n${JSON.stringify(stripEmpty(body), null, 2)}`}</pre>
    </details>
  )
}

/** Fields left empty are not sent; the preview leaves them out too. */
function stripEmpty(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(stripEmpty)
  if (!v || typeof v !== 'object') return v
  return Object.fromEntries(
    Object.entries(v).flatMap(([k, x]) => (x === undefined || x === '' || x === null ? [] : [[k, stripEmpty(x)]]))
  )
}
