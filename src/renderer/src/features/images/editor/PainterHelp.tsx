import { memo, type ReactNode } from 'react'
import { useT } from '@renderer/i18n/use-t'
import { isMacPlatform } from '@renderer/lib/platform'
import { PAINTER_TOOLS, shortcutLabel } from './tools'

/**
 * The painter's help: how to paint and select (the canvas's description, `id`), then on one line
 * what unfolds: `children` (Select by coordinates) and every shortcut, from the same registry as
 * the buttons.
 */
export const PainterHelp = memo(function PainterHelp({ id, children }: { id: string; children?: ReactNode }) {
  const { t } = useT()
  const mac = isMacPlatform()
  return (
    <div className="painter-help">
      <div id={id}>
        <p>{t('images.painter.stageHelp')}</p>
        <p>{t('images.painter.selectHelp')}</p>
      </div>
      <div className="painter-help-more">
        {children}
        <details>
          <summary>{t('images.painter.shortcuts')}</summary>
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
        </details>
      </div>
    </div>
  )
})
