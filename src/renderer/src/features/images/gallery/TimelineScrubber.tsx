import { useMemo, type KeyboardEvent } from 'react'
import { useT } from '@renderer/i18n/use-t'
import type { GalleryMonth } from '@shared/domain/gallery-timeline'
import './timeline.css'

/** `YYYY-MM` of a date in local time: the host's month keys are local months too. */
export function monthOf(time: number): string {
  const d = new Date(time)
  return `${String(d.getFullYear()).padStart(4, '0')}-${String(d.getMonth() + 1).padStart(2, '0')}`
}

interface Year {
  year: string
  count: number
  months: GalleryMonth[]
}

/** Moves focus between the scrubber's buttons: arrows one step, Home / End to the ends. */
function moveFocus(e: KeyboardEvent<HTMLElement>): void {
  const buttons = [...e.currentTarget.querySelectorAll<HTMLButtonElement>('button')]
  const at = buttons.indexOf(e.target as HTMLButtonElement)
  if (at < 0) return
  const to = {
    ArrowDown: at + 1,
    ArrowRight: at + 1,
    ArrowUp: at - 1,
    ArrowLeft: at - 1,
    Home: 0,
    End: buttons.length - 1
  }[e.key]
  if (to === undefined) return
  e.preventDefault()
  buttons[Math.max(0, Math.min(buttons.length - 1, to))].focus()
}

/**
 * The gallery's timeline, as photo libraries have beside their grid: years and months, newest first,
 * with how many images each holds; one press jumps the gallery to that month's newest image. One
 * button is in the Tab order (the month on screen); arrow keys, Home and End move between them.
 */
export function TimelineScrubber({
  months,
  current,
  onJump
}: {
  months: readonly GalleryMonth[]
  current: string | undefined
  onJump: (month: GalleryMonth) => void
}) {
  const { t, i18n } = useT()
  const fmt = useMemo(
    () => ({
      long: new Intl.DateTimeFormat(i18n.language, { year: 'numeric', month: 'long' }),
      short: new Intl.DateTimeFormat(i18n.language, { month: 'short' })
    }),
    [i18n.language]
  )
  const years = useMemo(() => {
    const out: Year[] = []
    for (const m of months) {
      const year = m.month.slice(0, 4)
      const last = out.at(-1)
      if (last?.year === year) {
        last.count += m.count
        last.months.push(m)
      } else out.push({ year, count: m.count, months: [m] })
    }
    return out
  }, [months])
  if (months.length === 0) return null
  const focusable = months.some((m) => m.month === current) ? current : months[0].month
  const dateOf = (m: GalleryMonth) => new Date(Number(m.month.slice(0, 4)), Number(m.month.slice(5, 7)) - 1, 1)
  return (
    <nav className="timeline" aria-label={t('images.gallery.timeline.label')}>
      <div className="timeline-list" onKeyDown={moveFocus}>
        {years.map((y) => {
          const yearName = t('images.gallery.timeline.year', { year: y.year, count: y.count })
          return (
            <div key={y.year} className="timeline-year" role="group" aria-label={y.year}>
              <button
                type="button"
                className="timeline-year-button"
                tabIndex={-1}
                aria-label={yearName}
                title={yearName}
                onClick={() => onJump(y.months[0])}
              >
                {y.year}
              </button>
              {y.months.map((m) => {
                const name = t('images.gallery.timeline.month', { month: fmt.long.format(dateOf(m)), count: m.count })
                const here = m.month === current
                return (
                  <button
                    key={m.month}
                    type="button"
                    className="timeline-month"
                    tabIndex={m.month === focusable ? 0 : -1}
                    aria-label={name}
                    aria-current={here ? 'true' : undefined}
                    title={name}
                    onClick={() => onJump(m)}
                  >
                    <span aria-hidden="true">{fmt.short.format(dateOf(m))}</span>
                  </button>
                )
              })}
            </div>
          )
        })}
      </div>
    </nav>
  )
}
