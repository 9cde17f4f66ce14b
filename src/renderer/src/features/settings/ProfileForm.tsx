import { useQueryClient } from '@tanstack/react-query'
import { useRef, useState, type FormEvent } from 'react'
import { Dialog } from '@renderer/components/Dialog'
import { FormAlert } from '@renderer/components/form/FormAlert'
import { FormFooter, submitKeyName, submitOnModEnter } from '@renderer/components/form/FormFooter'
import { TextField } from '@renderer/components/form/TextField'
import { useT } from '@renderer/i18n/use-t'
import { balanceKeys } from '@renderer/lib/balance/keys'
import { errorMessage, errorTitle, fieldErrorText } from '@renderer/lib/error-text'
import { profileKeys } from '@renderer/lib/profiles/queries'
import { studio } from '@renderer/lib/studio'
import { checkBaseUrl } from '@shared/domain/base-url'
import { API_KEY_MAX, PROFILE_NAME_MAX } from '@shared/domain/profile-limits'
import type { KeyPersistence, ProfileView } from '@shared/domain/profiles'
import { isStudioError } from '@shared/error-core'
import { PersistenceChoice, type ChosenPersistence } from './PersistenceChoice'
import {
  firstInvalid,
  isFormField,
  movesToAnotherOrigin,
  validateForSave,
  validateForTest,
  type FieldErrors,
  type FormField
} from './profile-form-validation'
import { TestConnectionResult } from './TestConnection'
import { useConnectionTest } from './use-connection-test'

export interface ProfileFormProps {
  /** The profile being edited; a new profile when absent. */
  profile?: ProfileView
  keychainAvailable: boolean
  onSaved: (name: string) => void
  onCancel: () => void
}

/**
 * Add or edit a gateway profile. Mistakes the host would reject are shown at their field before
 * any request; host errors that name a field land at that field, others at the top. The key input
 * is uncontrolled and never prefilled, so the key is not copied into React state or the DOM's
 * value attribute; it is read once when saving or testing.
 */
export function ProfileForm({ profile, keychainAvailable, onSaved, onCancel }: ProfileFormProps) {
  const { t } = useT()
  const queryClient = useQueryClient()
  const editing = profile !== undefined
  const [name, setName] = useState(profile?.name ?? '')
  const [baseUrl, setBaseUrl] = useState(profile?.baseUrl ?? '')
  const initialPersistence: ChosenPersistence = profile?.key.protection === 'file' ? 'file' : 'session'
  const [persistence, setPersistence] = useState<ChosenPersistence>(initialPersistence)
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({})
  const [formError, setFormError] = useState<unknown>(null)
  const [saving, setSaving] = useState(false)
  const test = useConnectionTest()
  const nameRef = useRef<HTMLInputElement>(null)
  const baseUrlRef = useRef<HTMLInputElement>(null)
  const keyRef = useRef<HTMLInputElement>(null)
  const inputOf = (field: FormField) => (field === 'name' ? nameRef : field === 'baseUrl' ? baseUrlRef : keyRef).current

  const keyValue = () => keyRef.current?.value ?? ''
  const originChanged = editing && movesToAnotherOrigin(profile.baseUrl, baseUrl)
  const keyRequired = !editing || originChanged
  const values = () => ({ name, baseUrl, key: keyValue() })

  const showFieldErrors = (errors: FieldErrors) => {
    setFieldErrors(errors)
    const first = firstInvalid(errors)
    if (first) inputOf(first)?.focus()
  }
  const clearFieldError = (field: FormField) => setFieldErrors((e) => (e[field] ? { ...e, [field]: undefined } : e))

  /** A host error that names one of our fields is shown there; anything else at the top of the form. */
  const showHostError = (error: unknown): void => {
    if (isStudioError(error) && isFormField(error.field)) showFieldErrors({ [error.field]: fieldErrorText(t, error) })
    else setFormError(error)
  }

  const chosenPersistence = (): KeyPersistence | undefined => {
    if (keychainAvailable) return editing ? undefined : 'auto'
    // On edit, a new key or a changed choice is sent; otherwise the stored key is left as it is.
    if (editing && keyValue().trim() === '' && persistence === initialPersistence) return undefined
    return persistence
  }

  const onTest = async () => {
    setFormError(null)
    const errors = validateForTest(t, values(), keyRequired)
    if (firstInvalid(errors)) {
      test.reset()
      showFieldErrors(errors)
      return
    }
    setFieldErrors((e) => ({ name: e.name }))
    const outcome = await test.run({
      baseUrl: baseUrl.trim(),
      key: keyValue().trim(),
      ...(profile ? { id: profile.id } : {})
    })
    if (outcome && !outcome.ok && isStudioError(outcome.error) && isFormField(outcome.error.field)) {
      test.reset()
      showHostError(outcome.error)
    }
  }

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault()
    if (saving) return
    setFormError(null)
    const errors = validateForSave(t, values(), keyRequired)
    if (firstInvalid(errors)) {
      showFieldErrors(errors)
      return
    }
    setFieldErrors({})
    setSaving(true)
    const key = keyValue().trim()
    const savedPersistence = chosenPersistence()
    try {
      if (profile) {
        await studio.profiles.update({
          id: profile.id,
          name: name.trim(),
          baseUrl: baseUrl.trim(),
          ...(key !== '' ? { key } : {}),
          ...(savedPersistence ? { persistence: savedPersistence } : {})
        })
        // A new address or key makes the cached balance someone else's.
        if (key !== '' || baseUrl.trim() !== profile.baseUrl)
          await queryClient.invalidateQueries({ queryKey: balanceKeys.usage(profile.id) })
      } else {
        await studio.profiles.add({
          name: name.trim(),
          baseUrl: baseUrl.trim(),
          key,
          persistence: savedPersistence ?? 'auto'
        })
      }
      await queryClient.invalidateQueries({ queryKey: profileKeys.list() })
      setSaving(false)
      onSaved(name.trim())
    } catch (error) {
      setSaving(false)
      // Nothing was saved (the host validates everything before writing): the form stays open.
      showHostError(error)
    }
  }

  const checkedUrl = checkBaseUrl(baseUrl)
  const baseUrlHelp =
    checkedUrl.ok && checkedUrl.droppedVersion
      ? t('form.baseUrlVersionDropped', { version: checkedUrl.droppedVersion, url: checkedUrl.url })
      : t('form.baseUrlHelp')

  const keyHelp = !editing
    ? t('form.apiKeyHelpAdd')
    : originChanged
      ? t('form.apiKeyHelpOriginChanged')
      : profile.key.needsReentry
        ? t('keyStatus.reentry')
        : profile.key.last4
          ? t('form.apiKeyHelpEditLast4', { last4: profile.key.last4 })
          : t('form.apiKeyHelpEdit')

  return (
    <Dialog
      title={editing ? t('form.editTitle') : t('form.addTitle')}
      onClose={onCancel}
      busy={saving}
      className="dialog-form"
    >
      <form className="profile-form" noValidate onSubmit={onSubmit} onKeyDown={submitOnModEnter}>
        {formError !== null && <FormAlert title={errorTitle(t, formError)} detail={errorMessage(formError)} />}
        <TextField
          label={t('form.name')}
          inputRef={nameRef}
          value={name}
          maxLength={PROFILE_NAME_MAX}
          placeholder={t('form.namePlaceholder')}
          autoComplete="off"
          error={fieldErrors.name}
          onChange={(e) => {
            setName(e.target.value)
            clearFieldError('name')
          }}
        />
        <TextField
          label={t('form.baseUrl')}
          inputRef={baseUrlRef}
          value={baseUrl}
          inputMode="url"
          spellCheck={false}
          autoComplete="off"
          placeholder="https://api.example.com"
          help={baseUrlHelp}
          error={fieldErrors.baseUrl}
          onChange={(e) => {
            setBaseUrl(e.target.value)
            clearFieldError('baseUrl')
            test.reset()
          }}
        />
        <TextField
          label={t('form.apiKey')}
          inputRef={keyRef}
          type="password"
          autoComplete="off"
          spellCheck={false}
          maxLength={API_KEY_MAX}
          help={keyHelp}
          error={fieldErrors.key}
          onChange={() => {
            clearFieldError('key')
            test.reset()
          }}
        />
        {keychainAvailable ? (
          <p className="field-help">{t('form.keychainNote')}</p>
        ) : (
          <PersistenceChoice value={persistence} onChange={setPersistence} />
        )}
        <TestConnectionResult state={test.state} />
        <FormFooter>
          <div className="dialog-actions">
            <button
              type="button"
              className="button"
              onClick={() => void onTest()}
              aria-busy={test.state.status === 'testing' || undefined}
            >
              {t('form.testConnection')}
            </button>
            <span className="dialog-actions-spacer" />
            {/* aria-disabled, not disabled: a disabled button would drop the keyboard focus mid-save. */}
            <button
              type="button"
              className="button"
              onClick={() => !saving && onCancel()}
              aria-disabled={saving || undefined}
            >
              {t('form.cancel')}
            </button>
            <button
              type="submit"
              className="button button-primary"
              aria-disabled={saving || undefined}
              aria-busy={saving || undefined}
              title={submitKeyName()}
              aria-keyshortcuts="Control+Enter Meta+Enter"
            >
              {t('form.save')}
            </button>
          </div>
        </FormFooter>
      </form>
    </Dialog>
  )
}
