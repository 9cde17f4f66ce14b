import { useId, useState } from 'react'
import { SelectField } from '@renderer/components/form/SelectField'
import { Icon } from '@renderer/components/Icon'
import { useT } from '@renderer/i18n/use-t'
import { TextInput } from '../create/fields'
import { NotificationToggle } from '../notify/NotificationToggle'
import { useVideoUi } from '../video-ui-store'
import { STATUS_GROUPS, type BoardFilter, type StatusGroup } from './board-filter'

/**
 * One search field over the board, the other filters (status, model, dates) folded behind a
 * Filters button, and each filter in use as a chip that removes it. Applied as you type (the board
 * is local data).
 */
export function BoardFilters({ models, shown, total }: { models: readonly string[]; shown: number; total: number }) {
  const { t } = useT()
  const id = useId()
  const filter = useVideoUi((s) => s.filter)
  const setFilter = useVideoUi((s) => s.setFilter)
  const [open, setOpen] = useState(false)
  const chips: Array<{ key: keyof BoardFilter; text: string; clear: Partial<BoardFilter> }> = []
  if (filter.status !== 'all')
    chips.push({
      key: 'status',
      text: `${t('video.board.status')}: ${t(`video.board.statuses.${filter.status}`)}`,
      clear: { status: 'all' }
    })
  if (filter.model)
    chips.push({ key: 'model', text: `${t('video.board.model')}: ${filter.model}`, clear: { model: '' } })
  if (filter.from) chips.push({ key: 'from', text: `${t('video.board.from')}: ${filter.from}`, clear: { from: '' } })
  if (filter.to) chips.push({ key: 'to', text: `${t('video.board.to')}: ${filter.to}`, clear: { to: '' } })
  return (
    <div className="video-filters" role="search" aria-label={t('video.board.filters')}>
      <div className="video-filters-line">
        <TextInput
          label={t('video.board.search')}
          type="search"
          value={filter.query}
          placeholder={t('video.board.searchPlaceholder')}
          onChange={(query) => setFilter({ query })}
        />
        <button
          type="button"
          className="button button-small"
          aria-expanded={open}
          aria-controls={`${id}-more`}
          title={t('video.board.moreFiltersTitle')}
          onClick={() => setOpen((o) => !o)}
        >
          <Icon name="sliders" size={16} />
          {t('video.board.moreFilters')}
        </button>
        <span className="field-help" data-testid="board-count">
          {t('video.board.count', { shown, total })}
        </span>
        <NotificationToggle />
      </div>
      {chips.length > 0 && (
        <ul className="filter-chips" aria-label={t('video.board.activeFilters')}>
          {chips.map((c) => (
            <li key={c.key}>
              <button
                type="button"
                className="filter-chip"
                aria-label={t('video.board.removeFilter', { filter: c.text })}
                title={t('video.board.removeFilter', { filter: c.text })}
                onClick={() => setFilter(c.clear)}
              >
                {c.text}
                <Icon name="close" size={14} />
              </button>
            </li>
          ))}
          {chips.length > 1 && (
            <li>
              <button type="button" className="button button-small" onClick={() => useVideoUi.getState().resetFilter()}>
                {t('video.board.clear')}
              </button>
            </li>
          )}
        </ul>
      )}
      <div id={`${id}-more`} className="video-filters-more" hidden={!open}>
        <SelectField
          label={t('video.board.status')}
          value={filter.status}
          options={STATUS_GROUPS.map((g) => ({ value: g, label: t(`video.board.statuses.${g}`) }))}
          onChange={(status) => setFilter({ status: status as StatusGroup })}
        />
        <SelectField
          label={t('video.board.model')}
          value={filter.model}
          options={[{ value: '', label: t('video.board.anyModel') }, ...models.map((m) => ({ value: m, label: m }))]}
          onChange={(model) => setFilter({ model })}
        />
        <TextInput
          label={t('video.board.from')}
          type="date"
          value={filter.from}
          onChange={(from) => setFilter({ from })}
        />
        <TextInput label={t('video.board.to')} type="date" value={filter.to} onChange={(to) => setFilter({ to })} />
      </div>
    </div>
  )
}
