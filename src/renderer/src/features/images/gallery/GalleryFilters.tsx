import { useEffect, useState } from 'react'
import { useT } from '@renderer/i18n/use-t'
import { useActiveNames } from '@renderer/lib/profiles/queries'
import { IMAGE_NAME_FAMILIES } from '@shared/domain/gateway-names'
import { GALLERY_ORIGINS, type GalleryFilter } from '@shared/domain/images'
import { useImagesUi } from '../images-ui-store'

const ORIGINS = GALLERY_ORIGINS

/** Search (debounced, so typing does not ask the host per key), model, origin and favourites. */
export function GalleryFilters({ total }: { total: number | undefined }) {
  const { t } = useT()
  const filter = useImagesUi((s) => s.filter)
  const setFilter = useImagesUi((s) => s.setFilter)
  const [query, setQuery] = useState(filter.query ?? '')
  useEffect(() => {
    const timer = setTimeout(() => {
      const q = query.trim()
      const cur = useImagesUi.getState().filter
      if ((cur.query ?? '') !== q) setFilter({ ...cur, query: q || undefined })
    }, 250)
    return () => clearTimeout(timer)
  }, [query, setFilter])
  const patch = (p: Partial<GalleryFilter>) => setFilter({ ...filter, ...p })
  const names = useActiveNames()
  // The profile's image models, plus a filter already set (a name from another profile stays choosable).
  const models = [
    ...new Set([...IMAGE_NAME_FAMILIES.flatMap((f) => names.models[f]), ...(filter.model ? [filter.model] : [])])
  ]
  return (
    <div className="gallery-filters" role="search" aria-label={t('images.gallery.filters')}>
      <input
        className="input"
        type="search"
        aria-label={t('images.gallery.search')}
        placeholder={t('images.gallery.search')}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
      />
      <select
        className="select"
        aria-label={t('images.gallery.model')}
        value={filter.model ?? ''}
        onChange={(e) => patch({ model: e.target.value || undefined })}
      >
        <option value="">{t('images.gallery.anyModel')}</option>
        {models.map((m) => (
          <option key={m} value={m}>
            {m}
          </option>
        ))}
      </select>
      <select
        className="select"
        aria-label={t('images.gallery.origin')}
        value={filter.origin ?? ''}
        onChange={(e) => patch({ origin: (e.target.value || undefined) as GalleryFilter['origin'] })}
      >
        <option value="">{t('images.gallery.anyOrigin')}</option>
        {ORIGINS.map((o) => (
          <option key={o} value={o}>
            {t(`images.gallery.origins.${o}`)}
          </option>
        ))}
      </select>
      <label className="choice">
        <input
          type="checkbox"
          checked={filter.favorite === true}
          onChange={(e) => patch({ favorite: e.target.checked || undefined })}
        />
        <span className="choice-label">{t('images.gallery.favoritesOnly')}</span>
      </label>
      {total !== undefined && (
        <span className="field-help" aria-live="polite">
          {t('images.gallery.count', { count: total })}
        </span>
      )}
    </div>
  )
}
