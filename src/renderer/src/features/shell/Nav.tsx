import { Icon } from '@renderer/components/Icon'
import { Tooltip } from '@renderer/components/Tooltip'
import { useT } from '@renderer/i18n/use-t'
import { carriesGalleryItem } from '@renderer/lib/gallery-drag'
import { ariaShortcut, shortcutLabel } from '@renderer/lib/platform'
import { useUiStore } from '@renderer/store/ui'
import { navigate } from './navigation'
import { VIEWS } from './views'

const DRAG_OPENS = new Set<string>(['images', 'video'])

/** The main navigation: one button per area, the current one marked with aria-current. */
export function Nav() {
  const { t } = useT()
  const current = useUiStore((s) => s.view)
  return (
    <nav className="nav" aria-label={t('nav.label')}>
      <div className="nav-brand" aria-hidden="true">
        <Icon name="sparkle" size={20} />
        <span>{t('app.title')}</span>
      </div>
      <ul className="nav-list">
        {VIEWS.map((v) => (
          <li key={v.id}>
            <Tooltip
              content={t('nav.open', { name: t(v.labelKey), keys: shortcutLabel(v.shortcut) })}
              placement="right"
            >
              {(describedBy) => (
                <button
                  type="button"
                  className="nav-item"
                  aria-current={current === v.id ? 'page' : undefined}
                  aria-describedby={describedBy}
                  aria-keyshortcuts={ariaShortcut(v.shortcut)}
                  onClick={() => void navigate(v.id)}
                  // A gallery image dragged over an area that takes one (Video's reference slots) opens it, to be dropped there.
                  onDragEnter={(e) => {
                    if (DRAG_OPENS.has(v.id) && carriesGalleryItem(e.dataTransfer)) void navigate(v.id)
                  }}
                >
                  <Icon name={v.icon} />
                  <span className="nav-item-label">{t(v.labelKey)}</span>
                </button>
              )}
            </Tooltip>
          </li>
        ))}
      </ul>
    </nav>
  )
}
