/**
 * The editor's icons (the studio's one set, Lucide), kept out of the shell's Icon map so they load
 * with the editor's lazy chunk rather than with the start-up code. Named as in the tools registry;
 * drawn by the studio's Icon (components/Icon.tsx), which takes a glyph as well as a name.
 */
import ArrowLeft from 'lucide-react/icons/arrow-left'
import Blend from 'lucide-react/icons/blend'
import Brush from 'lucide-react/icons/brush'
import CircleDashed from 'lucide-react/icons/circle-dashed'
import Columns2 from 'lucide-react/icons/columns-2'
import Contrast from 'lucide-react/icons/contrast'
import Eraser from 'lucide-react/icons/eraser'
import Expand from 'lucide-react/icons/expand'
import Feather from 'lucide-react/icons/feather'
import FileDown from 'lucide-react/icons/file-down'
import FileUp from 'lucide-react/icons/file-up'
import Keyboard from 'lucide-react/icons/keyboard'
import Lasso from 'lucide-react/icons/lasso'
import Maximize from 'lucide-react/icons/maximize'
import PaintBucket from 'lucide-react/icons/paint-bucket'
import PanelRightClose from 'lucide-react/icons/panel-right-close'
import PanelRightOpen from 'lucide-react/icons/panel-right-open'
import Pentagon from 'lucide-react/icons/pentagon'
import Redo2 from 'lucide-react/icons/redo-2'
import Shrink from 'lucide-react/icons/shrink'
import SquareDashed from 'lucide-react/icons/square-dashed'
import SquareMinus from 'lucide-react/icons/square-minus'
import SquarePlus from 'lucide-react/icons/square-plus'
import Trash2 from 'lucide-react/icons/trash-2'
import Undo2 from 'lucide-react/icons/undo-2'
import ZoomIn from 'lucide-react/icons/zoom-in'
import ZoomOut from 'lucide-react/icons/zoom-out'
import { glyph } from '@renderer/components/Icon'

export const EDITOR_ICONS = {
  back: glyph(ArrowLeft),
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

export type EditorIconName = keyof typeof EDITOR_ICONS

export function isEditorIconName(name: string): name is EditorIconName {
  return Object.hasOwn(EDITOR_ICONS, name)
}
