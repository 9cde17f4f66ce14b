import { useState } from 'react'
import { FormAlert } from '@renderer/components/form/FormAlert'
import { HostAlert } from '@renderer/components/form/HostAlert'
import { SelectField } from '@renderer/components/form/SelectField'
import { SubmitRow } from '@renderer/components/form/SubmitRow'
import { useT } from '@renderer/i18n/use-t'
import { errorMessage } from '@renderer/lib/error-text'
import { ASSET_TYPES, isAllowedReferenceUrl, type Asset } from '@shared/domain/video'
import { useVideoDraft } from '../create/draft-store'
import { TextInput } from '../create/fields'
import { useCreateGroup, useImportAsset, useRefreshAsset } from '../mutations'
import { vp, type VideoProblems } from '../problems'
import { useAssets } from '../queries'
import { useVideoUi } from '../video-ui-store'
import { useCheckedSend } from './use-checked-send'

function GroupForm() {
  const { t } = useT()
  const [name, setName] = useState('')
  const [description, setDescription] = useState('')
  const create = useCreateGroup()
  const form = useCheckedSend()
  const onSubmit = form.submit(
    (): VideoProblems => (name.trim() ? {} : { name: vp('nameRequired') }),
    create.mutate,
    () => ({ name: name.trim(), ...(description.trim() ? { description: description.trim() } : {}) }),
    (g) => {
      useVideoUi.getState().setNotice(t('video.assets.groupCreated', { name: g.name }))
      setName('')
      setDescription('')
    }
  )
  return (
    <form className="video-form" onSubmit={onSubmit} noValidate aria-label={t('video.assets.createGroup')}>
      <div className="field-grid">
        <TextInput label={t('video.assets.groupName')} value={name} onChange={setName} error={form.errorFor('name')} />
        <TextInput label={t('video.assets.groupDescription')} value={description} onChange={setDescription} />
      </div>
      {form.alert && <HostAlert problem={form.alert} />}
      <SubmitRow label={t('video.assets.createGroup')} busy={create.isPending} primary={false} />
    </form>
  )
}

function ImportForm({ groups }: { groups: { id: string; name: string }[] }) {
  const { t } = useT()
  const [groupId, setGroupId] = useState('')
  const [url, setUrl] = useState('')
  const [type, setType] = useState<Asset['type']>('Image')
  const [name, setName] = useState('')
  const importer = useImportAsset()
  const form = useCheckedSend()
  const group = groupId || groups[0]?.id || ''
  const check = () => {
    const p: VideoProblems = {}
    if (!group) p.groupId = vp('groupRequired')
    if (!isAllowedReferenceUrl(url.trim())) p.url = vp('assetUrl')
    if (!name.trim()) p.name = vp('nameRequired')
    return p
  }
  const onSubmit = form.submit(
    check,
    importer.mutate,
    () => ({ groupId: group, url: url.trim(), type, name: name.trim() }),
    (a) => {
      useVideoUi.getState().setNotice(t('video.assets.imported', { name: a.name }))
      setUrl('')
      setName('')
    }
  )
  return (
    <form className="video-form" onSubmit={onSubmit} noValidate aria-label={t('video.assets.importHeading')}>
      <h3 className="section-title">{t('video.assets.importHeading')}</h3>
      <SelectField
        label={t('video.assets.group')}
        value={group}
        options={
          groups.length
            ? groups.map((g) => ({ value: g.id, label: `${g.name} (${g.id})` }))
            : [{ value: '', label: t('video.assets.noGroups') }]
        }
        onChange={setGroupId}
        error={form.errorFor('groupId')}
      />
      <TextInput
        label={t('video.assets.url')}
        type="url"
        value={url}
        placeholder="https://"
        onChange={setUrl}
        error={form.errorFor('url')}
        help={t('video.assets.urlHelp')}
      />
      <div className="field-grid">
        <SelectField
          label={t('video.assets.type')}
          value={type}
          options={ASSET_TYPES.map((a) => ({ value: a, label: t(`video.assets.types.${a}`) }))}
          onChange={(v) => setType(v as Asset['type'])}
        />
        <TextInput label={t('video.assets.name')} value={name} onChange={setName} error={form.errorFor('name')} />
      </div>
      {form.alert && <HostAlert problem={form.alert} />}
      <SubmitRow label={t('video.assets.import')} busy={importer.isPending} />
    </form>
  )
}

function AssetRow({ asset }: { asset: Asset }) {
  const { t } = useT()
  const refresh = useRefreshAsset()
  const family = useVideoUi((s) => s.family)
  const use = () => {
    const ok = useVideoDraft.getState().addRef(family, { ref: { kind: 'asset', assetId: asset.id }, label: asset.name })
    const ui = useVideoUi.getState()
    if (ok) {
      ui.setPanel('create')
      ui.setNotice(t('video.refs.added', { name: asset.name, family: t(`video.view.family.${family}`) }))
    } else ui.setNotice(t('video.refs.full'))
  }
  const state =
    asset.state === 'unknown'
      ? t('video.assets.state.unknown', { raw: asset.rawStatus ?? '?' })
      : t(`video.assets.state.${asset.state}`)
  return (
    <li className="video-asset" data-state={asset.state} aria-label={asset.name}>
      <div className="video-asset-head">
        <strong>{asset.name}</strong>
        <span className={`badge badge-video badge-asset-${asset.state}`} data-testid="asset-state">
          {state}
        </span>
      </div>
      <span className="field-help video-mono">
        {t('video.assets.reference', { id: asset.id })} · {t(`video.assets.types.${asset.type}`)}
      </span>
      {asset.error && (
        <p className="field-error">
          {asset.error.code ? `${asset.error.message} (${asset.error.code})` : asset.error.message}
        </p>
      )}
      {refresh.error != null && <p className="field-error">{errorMessage(refresh.error)}</p>}
      <div className="form-actions-inline">
        {asset.state !== 'active' && asset.state !== 'failed' && (
          <button
            type="button"
            className="button button-small"
            onClick={() => refresh.mutate(asset.id)}
            aria-busy={refresh.isPending || undefined}
          >
            {t('video.assets.refresh')}
          </button>
        )}
        {asset.state === 'active' && (
          <button type="button" className="button button-small" onClick={use}>
            {t('video.assets.useNamed', { name: asset.name })}
          </button>
        )}
      </div>
    </li>
  )
}

/** Asset groups and imports: import by public URL, follow until Active or failed, pick into the form. */
export function AssetsPanel() {
  const { t } = useT()
  const assets = useAssets()
  const groups = assets.data?.groups ?? []
  const list = assets.data?.assets ?? []
  return (
    <div className="video-assets" role="region" aria-label={t('video.assets.label')}>
      <p className="field-help">{t('video.assets.intro')}</p>
      <h3 className="section-title">{t('video.assets.groups')}</h3>
      <GroupForm />
      <ImportForm groups={groups} />
      <h3 className="section-title">{t('video.assets.list')}</h3>
      {assets.isError && <FormAlert title={t('video.assets.loadFailed')} detail={errorMessage(assets.error)} />}
      {assets.isSuccess && list.length === 0 && <p className="field-help">{t('video.assets.empty')}</p>}
      <ul className="stack-list" aria-label={t('video.assets.list')}>
        {list.map((a) => (
          <AssetRow key={a.id} asset={a} />
        ))}
      </ul>
    </div>
  )
}
