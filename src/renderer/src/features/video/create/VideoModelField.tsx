import { useCallback } from 'react'
import { ModelField } from '@renderer/components/form/ModelField'
import { useT } from '@renderer/i18n/use-t'
import { useActiveNames } from '@renderer/lib/profiles/queries'
import { modelsOf } from '@shared/domain/gateway-names'
import type { VideoFamily } from '@shared/domain/video'
import { useVideoDraft } from './draft-store'
import { withModel } from './drafts'
import type { ErrorFor } from './fields'

/** The family's model combobox: the profile's names as suggestions; a new model brings its own defaults. */
export function VideoModelField({ family, errorFor }: { family: VideoFamily; errorFor: ErrorFor }) {
  const { t } = useT()
  const names = useActiveNames()
  const model = useVideoDraft((s) => s.drafts[family].model)
  const onChange = useCallback(
    (next: string) => {
      const store = useVideoDraft.getState()
      store.replace(family, withModel(family, store.drafts[family], next, names))
    },
    [family, names]
  )
  return (
    <ModelField
      label={t('video.form.model')}
      value={model}
      onChange={onChange}
      suggestions={modelsOf(names, family)}
      error={errorFor('model')}
      help={t('video.form.modelHelp')}
    />
  )
}
