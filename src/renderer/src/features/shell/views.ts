import type { IconName } from '@renderer/components/Icon'
import { VIEW_IDS, type ViewId } from '@renderer/store/ui'

export interface ViewEntry {
  id: ViewId
  labelKey: `nav.${ViewId}`
  icon: IconName
  /** The digit of its Ctrl/Cmd shortcut. */
  shortcut: string
}

/** One registry feeds the navigation, its tooltips and the keyboard handler. */
export const VIEWS: readonly ViewEntry[] = VIEW_IDS.map((id, i) => ({
  id,
  labelKey: `nav.${id}`,
  icon: id,
  shortcut: String(i + 1)
}))

export function viewForShortcut(key: string): ViewId | undefined {
  return VIEWS.find((v) => v.shortcut === key)?.id
}
