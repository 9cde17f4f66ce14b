import { useRef, useState } from 'react'
import { RefRow } from '@renderer/components/form/RefRow'
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
        setRefs([
          ...cur,
          { ref: { kind: 'file', fileId: grant.fileId }, label: grant.name, thumbUrl: grant.previewUrl }
        ])
      } catch (err) {
        setUploadError(errorMessage(err))
      }
    }
  }

  const refLabel = (r: DraftRef) =>
    r.ref.kind === 'gallery'
      ? t('images.generate.galleryRef', { name: r.label })
      : t('images.generate.fileRef', { name: r.label })

  return (
    <fieldset className="url-list" aria-describedby="image2-refs-help">
      <legend className="field-label">{t('images.generate.references')}</legend>
      {refs.map((r, i) => {
        const url = r.ref.kind === 'url' ? r.ref.url : null
        const name = url !== null ? `${t('images.generate.referenceUrl')} ${i + 1}` : refLabel(r)
        return (
          <RefRow
            key={i}
            url={url}
            name={name}
            thumbUrl={r.thumbUrl}
            error={url !== null ? errorFor(`image.${i}`) : null}
            onUrl={(next) => setRefs(refs.map((x, k) => (k === i ? { ...x, ref: { kind: 'url', url: next } } : x)))}
            removeLabel={t('images.common.removeNamed', { name })}
            onRemove={() => setRefs(refs.filter((_, k) => k !== i))}
          />
        )
      })}
      <div className="form-actions-inline">
        <button
          type="button"
          className="button button-small"
          disabled={full}
          onClick={() => setRefs([...refs, { ref: { kind: 'url', url: '' }, label: '' }])}
        >
          {t('images.generate.addUrl')}
        </button>
        <button
          type="button"
          className="button button-small"
          disabled={full}
          onClick={() => fileInput.current?.click()}
        >
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
