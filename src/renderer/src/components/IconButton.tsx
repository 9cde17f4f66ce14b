import { forwardRef, type ButtonHTMLAttributes } from 'react'
import { Icon, type IconSource } from './Icon'
import { Tooltip } from './Tooltip'

export interface IconButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children' | 'aria-label'> {
  icon: IconSource
  /** The action, as the accessible name and the tooltip. */
  label: string
  /** The key that does the same, added to the tooltip. */
  keys?: string
  /** The whole tooltip, where an area words label and key its own way (a translated pattern). */
  tooltip?: string
  placement?: 'right' | 'bottom' | 'bottom-end'
  /** A filled icon (a favourite that is on). */
  filled?: boolean
}

/** A button that shows only an icon: named by aria-label, explained by a tooltip (with its key). */
export const IconButton = forwardRef<HTMLButtonElement, IconButtonProps>(function IconButton(
  { icon, label, keys, tooltip, placement = 'bottom', filled, className, ...rest },
  ref
) {
  return (
    <Tooltip content={tooltip ?? (keys ? `${label} (${keys})` : label)} placement={placement}>
      {(describedBy) => (
        <button
          ref={ref}
          type="button"
          className={className ? `icon-button ${className}` : 'icon-button'}
          aria-label={label}
          aria-describedby={describedBy}
          {...rest}
        >
          <Icon name={icon} filled={filled} />
        </button>
      )}
    </Tooltip>
  )
})
