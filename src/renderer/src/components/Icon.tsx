/**
 * The studio's one icon set (Lucide, a maintained package), behind a small name map so callers
 * say what an icon means, not which glyph it is. Each icon is imported from its own module: the
 * barrel would pull thousands of icons into whichever chunk first asks for one.
 */
import type { LucideIcon } from 'lucide-react'
import ArrowLeft from 'lucide-react/icons/arrow-left'
import Blend from 'lucide-react/icons/blend'
import Brush from 'lucide-react/icons/brush'
import Check from 'lucide-react/icons/check'
import AlertCircle from 'lucide-react/icons/circle-alert'
import CircleDashed from 'lucide-react/icons/circle-dashed'
import Columns2 from 'lucide-react/icons/columns-2'
import Contrast from 'lucide-react/icons/contrast'
import Eraser from 'lucide-react/icons/eraser'
import Expand from 'lucide-react/icons/expand'
import Feather from 'lucide-react/icons/feather'
import FileDown from 'lucide-react/icons/file-down'
import FileUp from 'lucide-react/icons/file-up'
import Gauge from 'lucide-react/icons/gauge'
import ImageIcon from 'lucide-react/icons/image'
import Keyboard from 'lucide-react/icons/keyboard'
import Lasso from 'lucide-react/icons/lasso'
import Maximize from 'lucide-react/icons/maximize'
import MessageSquare from 'lucide-react/icons/message-square'
import NotebookText from 'lucide-react/icons/notebook-text'
import PaintBucket from 'lucide-react/icons/paint-bucket'
import PanelRightClose from 'lucide-react/icons/panel-right-close'
import PanelRightOpen from 'lucide-react/icons/panel-right-open'
import Pentagon from 'lucide-react/icons/pentagon'
import Plus from 'lucide-react/icons/plus'
import Redo2 from 'lucide-react/icons/redo-2'
import Settings from 'lucide-react/icons/settings'
import Shrink from 'lucide-react/icons/shrink'
import Sparkles from 'lucide-react/icons/sparkles'
import SquareDashed from 'lucide-react/icons/square-dashed'
import SquareMinus from 'lucide-react/icons/square-minus'
import SquarePlus from 'lucide-react/icons/square-plus'
import Trash2 from 'lucide-react/icons/trash-2'
import TriangleAlert from 'lucide-react/icons/triangle-alert'
import Undo2 from 'lucide-react/icons/undo-2'
import Video from 'lucide-react/icons/video'
import ZoomIn from 'lucide-react/icons/zoom-in'
import ZoomOut from 'lucide-react/icons/zoom-out'

/** Typed as the package's public icon type, so the names' type can be exported. */
const glyph = (icon: LucideIcon): LucideIcon => icon

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
  back: glyph(ArrowLeft),
  // The mask painter's tools and actions (named as in its tools registry)
  brush: glyph(Brush),
  eraser: glyph(Eraser),
  lasso: glyph(Lasso),
  polygon: glyph(Pentagon),
  rect: glyph(SquareDashed),
  ellipse: glyph(CircleDashed),
  add: glyph(SquarePlus),
  subtract: glyph(SquareMinus),
  grow: glyph(Expand),
  shrink: glyph(Shrink),
  feather: glyph(Feather),
  importMask: glyph(FileUp),
  exportMask: glyph(FileDown),
  transparency: glyph(Blend),
  undo: glyph(Undo2),
  redo: glyph(Redo2),
  invert: glyph(Contrast),
  clear: glyph(Trash2),
  fill: glyph(PaintBucket),
  zoomIn: glyph(ZoomIn),
  zoomOut: glyph(ZoomOut),
  fit: glyph(Maximize),
  compare: glyph(Columns2),
  help: glyph(Keyboard),
  panelClose: glyph(PanelRightClose),
  panelOpen: glyph(PanelRightOpen)
}

export type IconName = keyof typeof ICONS

export function isIconName(name: string): name is IconName {
  return Object.hasOwn(ICONS, name)
}

/** Decorative: the button or text next to it carries the meaning. */
export function Icon({ name, size = 18 }: { name: IconName; size?: number }) {
  const Glyph = ICONS[name]
  return <Glyph className="icon" size={size} strokeWidth={1.75} aria-hidden="true" focusable="false" />
}
