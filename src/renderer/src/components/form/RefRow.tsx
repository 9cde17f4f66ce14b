/** One reference of a form's list: a URL typed in place, or a chip for a file, gallery image or asset; and its remove button. */
export function RefRow(p: {
  /** The typed address of a URL reference; null for any other kind. */
  url: string | null
  /** The row's name: the URL field's label, or the chip's text. */
  name: string
  thumbUrl?: string
  error: string | null
  onUrl: (url: string) => void
  removeLabel: string
  onRemove: () => void
}) {
  return (
    <div className="url-row">
      {p.url !== null ? (
        <div className="field">
          <input
            className="input"
            type="url"
            aria-label={p.name}
            value={p.url}
            placeholder="https://"
            aria-invalid={p.error ? true : undefined}
            onChange={(e) => p.onUrl(e.target.value)}
          />
          {p.error && <p className="field-error">{p.error}</p>}
        </div>
      ) : (
        <div className="field">
          <span className="ref-chip">
            {p.thumbUrl && <img src={p.thumbUrl} alt="" className="ref-thumb" />}
            {p.name}
          </span>
          {p.error && <p className="field-error">{p.error}</p>}
        </div>
      )}
      <button type="button" className="button button-small" onClick={p.onRemove}>
        {p.removeLabel}
      </button>
    </div>
  )
}
