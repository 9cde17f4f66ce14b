import { useRef, useState } from 'react'
import { useT } from '@renderer/i18n/use-t'
import { errorMessage } from '@renderer/lib/error-text'
import { studio } from '@renderer/lib/studio'
import { useGenerateDraft } from './draft-store'
import { MAX_REFS, type DraftRef } from './generate-draft'
import type { ErrorFor } from './GenerateForm'

/** Second-family references: URLs typed here, files chosen here, gallery images added from the gallery. */
export function ReferenceList({ errorFor }: { errorFor: ErrorFor }) {
  const { t } = useT()
  const refs = useGenerateDraft((s) => s.image2.refs)
  const patch = useGenerateDraft((s) => s.patchImage2)
  const fileInput = useRef<HTMLInputElement>(null)
  const [uploadError, setUploadError] = useState<string | null>(null)
  const full = refs.length >= MAX_REFS
  const setRefs = (next: DraftRef[]) => patch({ refs: next })

  const onFiles = async (files: FileList | null) => {
    setUploadError(null)
    for (const file of Array.from(files ?? [])) {
      if (useGenerateDraft.getState().image2.refs.length >= MAX_REFS) break
      try {
        const grant = await studio.files.upload(file, { purpose: 'image-reference', name: file.name })
        const cur = useGenerateDraft.getState().image2.refs
        setRefs([...cur, { ref: { kind: 'file', fileId: grant.fileId }, label: grant.name, thumbUrl: grant.previewUrl }])
      } catch (err) {
        setUploadError(errorMessage(err))
      }
    }
  }

  const refLabel = (r: DraftRef) =>
    r.ref.kind === 'gallery' ? t('images.generate.galleryRef', { name: r.label }) : t('images.generate.fileRef', { name: r.label })

  return (
    <fieldset className="url-list" aria-describedby="image2-refs-help">
      <legend className="field-label">{t('images.generate.references')}</legend>
      {refs.map((r, i) => {
        const err = errorFor(`image.${i}`)
        return (
          <div key={i} className="url-row">
            {r.ref.kind === 'url' ? (
              <div className="field">
                <input
                  className="input"
                  type="url"
                  aria-label={`${t('images.generate.referenceUrl')} ${i + 1}`}
                  value={r.ref.url}
                  placeholder="https://"
                  aria-invalid={err ? true : undefined}
                  onChange={(e) => setRefs(refs.map((x, k) => (k === i ? { ...x, ref: { kind: 'url', url: e.target.value } } : x)))}
                />
                {err && <p className="field-error">{err}</p>}
              </div>
            ) : (
              <span className="ref-chip">
                {r.thumbUrl && <img src={r.thumbUrl} alt="" className="ref-thumb" />}
                {refLabel(r)}
              </span>
            )}
            <button type="button" className="button button-small" onClick={() => setRefs(refs.filter((_, k) => k !== i))}>
              {t('images.common.removeNamed', { name: r.ref.kind === 'url' ? `${t('images.generate.referenceUrl')} ${i + 1}` : refLabel(r) })}
            </button>
          </div>
        )
      })}
      <div className="form-actions-inline">
        <button type="button" className="button button-small" disabled={full} onClick={() => setRefs([...refs, { ref: { kind: 'url', url: '' }, label: '' }])}>
          {t('images.generate.addUrl')}
        </button>
        <button type="button" className="button button-small" disabled={full} onClick={() => fileInput.current?.click()}>
          {t('images.generate.addFile')}
        </button>
        <input
          ref={fileInput}
          type="file"
          hidden
          multiple
          accept="image/png,image/jpeg,image/webp"
          onChange={(e) => {
            void onFiles(e.target.files)
            e.target.value = ''
          }}
        />
      </div>
      {(uploadError || errorFor('image')) && (
        <p className="field-error" role="alert">
          {uploadError ?? errorFor('image')}
        </p>
      )}
      <p id="image2-refs-help" className="field-help">
        {t('images.generate.referencesHelpImage2')}
      </p>
    </fieldset>
  )
}
