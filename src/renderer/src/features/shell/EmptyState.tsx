import { useTranslation } from 'react-i18next'
import { Icon, type IconName } from '@renderer/components/Icon'

export interface EmptyStateProps {
  icon: IconName
  /** What the area will do, in a sentence or two. */
  description: string
}

/** An area that is not built yet: says so plainly and what it will do; no controls that do nothing. */
export function EmptyState({ icon, description }: EmptyStateProps) {
  const { t } = useTranslation()
  return (
    <div className="empty-state">
      <div className="empty-state-icon">
        <Icon name={icon} size={32} />
      </div>
      <p className="empty-state-badge">{t('empty.comingLater')}</p>
      <p className="empty-state-text">{description}</p>
      <p className="empty-state-hint">{t('empty.meanwhile')}</p>
    </div>
  )
}
