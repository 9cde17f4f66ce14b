import { BalanceBadge } from './BalanceBadge'
import { ProfileSwitcher } from './ProfileSwitcher'

/** The banner: which profile every request goes to, and what its key has left. */
export function Header() {
  return (
    <header className="header">
      <ProfileSwitcher />
      <div className="header-spacer" />
      <BalanceBadge />
    </header>
  )
}
