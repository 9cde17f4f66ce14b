import type { TFunction } from 'i18next'
import { checkBaseUrl } from '@shared/domain/base-url'

export const FORM_FIELDS = ['name', 'baseUrl', 'key'] as const
export type FormField = (typeof FORM_FIELDS)[number]
export type FieldErrors = Partial<Record<FormField, string>>

export function isFormField(field: unknown): field is FormField {
  return FORM_FIELDS.includes(field as FormField)
}

/** The same base-URL rules the host applies, so mistakes show at the field before any request. */
export function baseUrlError(t: TFunction, value: string): string | null {
  const check = checkBaseUrl(value)
  if (check.ok) return null
  if (check.reason === 'scheme') {
    let protocol = ''
    try {
      protocol = `${new URL(value.trim()).protocol}//`
    } catch {
      // checkBaseUrl parsed it, so this does not happen; the message still reads well without it.
    }
    return t('form.errors.baseUrl.scheme', { protocol })
  }
  return t(`form.errors.baseUrl.${check.reason}`)
}

/** Key rules the host applies: present (when required) and a single token. */
export function keyError(
  t: TFunction,
  key: string,
  required: boolean,
  requiredKey: 'form.errors.keyRequired' | 'form.errors.keyRequiredToTest'
): string | null {
  const trimmed = key.trim()
  if (trimmed === '') return required ? t(requiredKey) : null
  if (/\s/.test(trimmed)) return t('form.errors.keyWhitespace')
  return null
}

export interface ProfileFormValues {
  name: string
  baseUrl: string
  key: string
}

/** Everything checkable before saving. On edit an empty key means "keep the current one". */
export function validateForSave(t: TFunction, v: ProfileFormValues, keyRequired: boolean): FieldErrors {
  const errors: FieldErrors = {}
  if (v.name.trim() === '') errors.name = t('form.errors.nameRequired')
  const url = baseUrlError(t, v.baseUrl)
  if (url) errors.baseUrl = url
  const key = keyError(t, v.key, keyRequired, 'form.errors.keyRequired')
  if (key) errors.key = key
  return errors
}

/** What a connection test needs: an address and a key (or, on edit, the saved key). */
export function validateForTest(t: TFunction, v: ProfileFormValues, keyRequired: boolean): FieldErrors {
  const errors: FieldErrors = {}
  const url = baseUrlError(t, v.baseUrl)
  if (url) errors.baseUrl = url
  const key = keyError(t, v.key, keyRequired, 'form.errors.keyRequiredToTest')
  if (key) errors.key = key
  return errors
}

/**
 * The host sends a saved key only to the origin it was saved for, so an edit that points the
 * profile at another server needs the key typed again (a typo fix in the host name included).
 */
export function movesToAnotherOrigin(saved: string, typed: string): boolean {
  const check = checkBaseUrl(typed)
  if (!check.ok) return false
  try {
    return new URL(check.url).origin !== new URL(saved).origin
  } catch {
    return true
  }
}

export function firstInvalid(errors: FieldErrors): FormField | undefined {
  return FORM_FIELDS.find((f) => errors[f])
}
