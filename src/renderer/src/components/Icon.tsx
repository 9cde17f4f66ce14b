/**
 * The studio's one icon set (Lucide, a maintained package), behind a small name map so callers
 * say what an icon means, not which glyph it is. Each icon is imported from its own module: the
 * barrel would pull thousands of icons into whichever chunk first asks for one. An area with icons
 * of its own (the image editor's tools) keeps them in its own map, in its lazy chunk, built with
 * `glyph`, and hands the glyph itself to Icon or IconButton: one renderer, no start-up weight.
 */
import type { LucideIcon } from 'lucide-react'
import Bookmark from 'lucide-react/icons/bookmark'
import Check from 'lucide-react/icons/check'
import ChevronLeft from 'lucide-react/icons/chevron-left'
import ChevronRight from 'lucide-react/icons/chevron-right'
import AlertCircle from 'lucide-react/icons/circle-alert'
import Columns2 from 'lucide-react/icons/columns-2'
import Copy from 'lucide-react/icons/copy'
import Download from 'lucide-react/icons/download'
import Ellipsis from 'lucide-react/icons/ellipsis'
import Film from 'lucide-react/icons/film'
import Gauge from 'lucide-react/icons/gauge'
import GitBranch from 'lucide-react/icons/git-branch'
import ImageIcon from 'lucide-react/icons/image'
import Info from 'lucide-react/icons/info'
import MessageSquare from 'lucide-react/icons/message-square'
import NotebookText from 'lucide-react/icons/notebook-text'
import Pause from 'lucide-react/icons/pause'
import Pencil from 'lucide-react/icons/pencil'
import Play from 'lucide-react/icons/play'
import Plus from 'lucide-react/icons/plus'
import RefreshCw from 'lucide-react/icons/refresh-cw'
import RotateCw from 'lucide-react/icons/rotate-cw'
import Search from 'lucide-react/icons/search'
import Settings from 'lucide-react/icons/settings'
import SlidersHorizontal from 'lucide-react/icons/sliders-horizontal'
import Sparkles from 'lucide-react/icons/sparkles'
import Star from 'lucide-react/icons/star'
import Trash2 from 'lucide-react/icons/trash-2'
import TriangleAlert from 'lucide-react/icons/triangle-alert'
import Video from 'lucide-react/icons/video'
import X from 'lucide-react/icons/x'

/** Typed as the package's public icon type, so the names' type can be exported. */
export const glyph = (icon: LucideIcon): LucideIcon => icon

const ICONS = {
  // Areas and status
  chat: glyph(MessageSquare),
  images: glyph(ImageIcon),
  video: glyph(Video),
  // A gauge, not a currency sign: quota is counted in raw units, not dollars.
  balance: glyph(Gauge),
  settings: glyph(Settings),
  warning: glyph(TriangleAlert),
  check: glyph(Check),
  alert: glyph(AlertCircle),
  plus: glyph(Plus),
  sparkle: glyph(Sparkles),
  prompts: glyph(NotebookText),
  // Item actions
  copy: glyph(Copy),
  edit: glyph(Pencil),
  retry: glyph(RotateCw),
  more: glyph(Ellipsis),
  close: glyph(X),
  branch: glyph(GitBranch),
  sliders: glyph(SlidersHorizontal),
  star: glyph(Star),
  trash: glyph(Trash2),
  chevronLeft: glyph(ChevronLeft),
  chevronRight: glyph(ChevronRight),
  download: glyph(Download),
  film: glyph(Film),
  info: glyph(Info),
  compare: glyph(Columns2),
  play: glyph(Play),
  pause: glyph(Pause),
  refresh: glyph(RefreshCw),
  search: glyph(Search),
  bookmark: glyph(Bookmark)
}

export type IconName = keyof typeof ICONS

export function isIconName(name: string): name is IconName {
  return Object.hasOwn(ICONS, name)
}

/** A name from the map above, or a glyph an area loads with its own chunk. */
export type IconSource = IconName | LucideIcon

/** Decorative: the button or text next to it carries the meaning. `filled`: the shape painted in (a favourite's star). */
export function Icon({ name, size = 18, filled = false }: { name: IconSource; size?: number; filled?: boolean }) {
  const Glyph = typeof name === 'string' ? ICONS[name] : name
  return (
    <Glyph
      className="icon"
      size={size}
      strokeWidth={1.75}
      fill={filled ? 'currentColor' : 'none'}
      aria-hidden="true"
      focusable="false"
    />
  )
}
