import { useEffect } from 'react'
import { TextField } from '@renderer/components/form/TextField'
import { useT } from '@renderer/i18n/use-t'
import { EXTEND_RATIOS, sizeText } from '@shared/domain/extend-plan'
import type { EditFamily } from '@shared/domain/images'
import type { EditorSource } from '../../images-ui-store'
import { problemText } from '../../problems'
import { readExtend } from './extend-request'
import { useExtendStore } from './extend-store'
import { ExtendFrame } from './ExtendFrame'
import './extend.css'

/**
 * Extend canvas (outpaint): a target shape or size, the picture placed on the new canvas, and
 * what the edit family's size rules made of it (snapped, or refused with the reason) before any
 * request. The new area is masked by the host, together with the mask painted on the picture.
 */
export function ExtendPanel({
  source,
  family,
  error
}: {
  source: EditorSource
  family: EditFamily
  error: string | null
}) {
  const { t } = useT()
  const owner = `${source.ref.kind}:${source.ref.kind === 'gallery' ? source.ref.itemId : source.ref.fileId}`
  const claim = useExtendStore((s) => s.claim)
  useEffect(() => claim(owner), [claim, owner])
  const on = useExtendStore((s) => s.on)
  const choice = useExtendStore((s) => s.choice)
  const share = useExtendStore((s) => s.share)
  const setOn = useExtendStore((s) => s.setOn)
  const setChoice = useExtendStore((s) => s.setChoice)
  const read = readExtend({ on, choice, share }, source, family)
  const shown = 'problem' in read ? problemText(t, read.problem) : error
  const pixels = choice.kind === 'pixels' ? choice : null
  const sides = choice.kind === 'sides' ? choice : null

  return (
    <fieldset className="extend-panel">
      <legend>{t('images.extend.title')}</legend>
      <label className="extend-toggle">
        <input type="checkbox" checked={on} onChange={(e) => setOn(e.target.checked)} />
        {t('images.extend.enable')}
      </label>
      {on && (
        <>
          <p className="field-help">{t('images.extend.help')}</p>
          <div className="extend-chips" role="group" aria-label={t('images.extend.shape')}>
            {EXTEND_RATIOS.map((ratio) => (
              <button
                key={ratio}
                type="button"
                className="button button-small"
                aria-pressed={choice.kind === 'ratio' && choice.ratio === ratio}
                title={t('images.extend.ratioTitle', { ratio })}
                onClick={() => setChoice({ kind: 'ratio', ratio })}
              >
                {ratio}
              </button>
            ))}
            <button
              type="button"
              className="button button-small"
              aria-pressed={pixels !== null}
              title={t('images.extend.pixelsTitle')}
              onClick={() =>
                pixels ??
                setChoice({
                  kind: 'pixels',
                  width: String(Math.round(source.width * 1.25)),
                  height: String(source.height)
                })
              }
            >
              {t('images.extend.pixels')}
            </button>
            <button
              type="button"
              className="button button-small"
              aria-pressed={sides !== null}
              title={t('images.extend.sidesTitle')}
              onClick={() => sides ?? setChoice({ kind: 'sides', left: '', top: '', right: '', bottom: '' })}
            >
              {t('images.extend.sides')}
            </button>
          </div>
          {pixels && (
            <div className="field-grid">
              <TextField
                label={t('images.extend.width')}
                inputMode="numeric"
                value={pixels.width}
                onChange={(e) => setChoice({ ...pixels, width: e.target.value })}
              />
              <TextField
                label={t('images.extend.height')}
                inputMode="numeric"
                value={pixels.height}
                onChange={(e) => setChoice({ ...pixels, height: e.target.value })}
              />
            </div>
          )}
          {sides && (
            <div className="field-grid">
              {(['left', 'top', 'right', 'bottom'] as const).map((side) => (
                <TextField
                  key={side}
                  label={t(`images.extend.side.${side}`)}
                  inputMode="numeric"
                  placeholder="0"
                  value={sides[side]}
                  onChange={(e) => setChoice({ ...sides, [side]: e.target.value })}
                />
              ))}
            </div>
          )}
          {'plan' in read && <ExtendFrame plan={read.plan} placement={read.extend} url={source.url} />}
          {'plan' in read && (
            <p className="field-help" data-testid="extend-note" aria-live="polite">
              {read.plan.snappedFrom
                ? t('images.extend.snapped', {
                    size: sizeText(read.plan.canvas),
                    from: sizeText(read.plan.snappedFrom),
                    family: t(family === 'editForm' ? 'images.extend.familyForm' : 'images.extend.familyNative'),
                    percent: Math.round(read.plan.scale * 100)
                  })
                : t('images.extend.canvas', { size: sizeText(read.plan.canvas) })}{' '}
              {t('images.extend.position', { x: read.extend.x, y: read.extend.y })}
            </p>
          )}
          {shown && (
            <p className="field-error" role="alert" data-testid="extend-problem">
              {shown}
            </p>
          )}
        </>
      )}
    </fieldset>
  )
}
