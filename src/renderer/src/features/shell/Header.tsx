import { useT } from '@renderer/i18n/use-t'
import { useUiStore } from '@renderer/store/ui'
import { BalanceBadge } from './BalanceBadge'
import { ProfileSwitcher } from './ProfileSwitcher'

/**
 * The banner: the current area's title (the main landmark is labelled by it), which profile every
 * request goes to, and what its key has left. The title lives here rather than above each area so
 * the areas get the whole height of the window below one bar.
 */
export function Header() {
  const { t } = useT()
  const view = useUiStore((s) => s.view)
  return (
    <header className="header">
      <h1 id="view-title" className="view-title">
        {t(`nav.${view}`)}
      </h1>
      <div className="header-spacer" />
      <ProfileSwitcher />
      <BalanceBadge />
    </header>
  )
}
