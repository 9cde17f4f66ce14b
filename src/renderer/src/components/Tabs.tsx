import type { KeyboardEvent, ReactNode } from 'react'

interface TabsProps<P extends string> {
  /** Element ids: `<idPrefix>-tab-<panel>` and `<idPrefix>-panel-<panel>`. */
  idPrefix: string
  label: string
  panels: readonly P[]
  active: P
  onSelect(panel: P): void
  labelOf(panel: P): string
  panelClassName?: string
  /** The active panel's content. */
  children: ReactNode
}

/** A tab list (arrow keys move and select, one tab in the Tab order) and the active tab's panel. */
export function Tabs<P extends string>(p: TabsProps<P>) {
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return
    e.preventDefault()
    const step = e.key === 'ArrowRight' ? 1 : -1
    const next = p.panels[(p.panels.indexOf(p.active) + step + p.panels.length) % p.panels.length]
    p.onSelect(next)
    document.getElementById(`${p.idPrefix}-tab-${next}`)?.focus()
  }
  return (
    <>
      <div role="tablist" aria-label={p.label} className="tabs" onKeyDown={onKeyDown}>
        {p.panels.map((panel) => (
          <button
            key={panel}
            id={`${p.idPrefix}-tab-${panel}`}
            type="button"
            role="tab"
            className="tab"
            aria-selected={p.active === panel}
            aria-controls={`${p.idPrefix}-panel-${panel}`}
            tabIndex={p.active === panel ? 0 : -1}
            onClick={() => p.onSelect(panel)}
          >
            {p.labelOf(panel)}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`${p.idPrefix}-panel-${p.active}`}
        aria-labelledby={`${p.idPrefix}-tab-${p.active}`}
        className={p.panelClassName}
      >
        {p.children}
      </div>
    </>
  )
}
