import { memo } from 'react'
import { Dialog } from '@renderer/components/Dialog'
import { useT } from '@renderer/i18n/use-t'
import { isMacPlatform } from '@renderer/lib/platform'
import { PAINTER_TOOLS, shortcutLabel } from './tools'

/** How to paint and select: the canvas's description (`id`), read with it rather than shown under it. */
export const PainterHelp = memo(function PainterHelp({ id }: { id: string }) {
  const { t } = useT()
  return (
    <div id={id} className="sr-only">
      <p>{t('images.painter.stageHelp')}</p>
      <p>{t('images.painter.selectHelp')}</p>
    </div>
  )
})

/** The shortcut sheet (`?`): how to paint, then every shortcut, from the same registry as the buttons. */
export function ShortcutSheet({ onClose }: { onClose: () => void }) {
  const { t } = useT()
  const mac = isMacPlatform()
  return (
    <Dialog title={t('images.painter.shortcuts')} onClose={onClose} className="shortcut-sheet">
      <div className="shortcut-sheet-body">
        <p className="field-help">{t('images.painter.stageHelp')}</p>
        <p className="field-help">{t('images.painter.selectHelp')}</p>
        <dl className="painter-shortcuts" aria-label={t('images.painter.shortcuts')}>
          {PAINTER_TOOLS.map((tool) => (
            <div key={tool.id}>
              <dt>{t(`images.painter.tools.${tool.id}`)}</dt>
              <dd>
                <kbd>{shortcutLabel(tool, mac)}</kbd>
              </dd>
            </div>
          ))}
        </dl>
      </div>
      <div className="dialog-actions">
        <button type="button" className="button" onClick={onClose}>
          {t('images.painter.closeShortcuts')}
        </button>
      </div>
    </Dialog>
  )
}
