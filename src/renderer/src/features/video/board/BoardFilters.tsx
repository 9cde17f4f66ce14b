import { SelectField } from '@renderer/components/form/SelectField'
import { useT } from '@renderer/i18n/use-t'
import { TextInput } from '../create/fields'
import { NotificationToggle } from '../notify/NotificationToggle'
import { useVideoUi } from '../video-ui-store'
import { isFilterEmpty, STATUS_GROUPS, type StatusGroup } from './board-filter'

/** Status, model, text and date filters over the board; applied as you type (the board is local data). */
export function BoardFilters({ models, shown, total }: { models: readonly string[]; shown: number; total: number }) {
  const { t } = useT()
  const filter = useVideoUi((s) => s.filter)
  const setFilter = useVideoUi((s) => s.setFilter)
  return (
    <div className="video-filters" role="search" aria-label={t('video.board.filters')}>
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
      <TextInput label={t('video.board.search')} type="search" value={filter.query} placeholder={t('video.board.searchPlaceholder')} onChange={(query) => setFilter({ query })} />
      <TextInput label={t('video.board.from')} type="date" value={filter.from} onChange={(from) => setFilter({ from })} />
      <TextInput label={t('video.board.to')} type="date" value={filter.to} onChange={(to) => setFilter({ to })} />
      <div className="video-filters-end">
        <span className="field-help" data-testid="board-count">
          {t('video.board.count', { shown, total })}
        </span>
        {!isFilterEmpty(filter) && (
          <button type="button" className="button button-small" onClick={() => useVideoUi.getState().resetFilter()}>
            {t('video.board.clear')}
          </button>
        )}
        <NotificationToggle />
      </div>
    </div>
  )
}
