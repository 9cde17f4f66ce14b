import type { TFunction } from 'i18next'
import { en } from '@renderer/i18n/en'
import type { BaseUrlProblem } from '@shared/domain/base-url'
import { isStudioError } from '@shared/error-core'

type ErrorTitleKey = `errors.${Exclude<keyof typeof en.errors, 'generic'>}`

/** A short localized title for an error, by its code: what happened, in the user's language. */
export function errorTitle(t: TFunction, error: unknown): string {
  if (isStudioError(error) && error.code in en.errors) return t(`errors.${error.code}` as ErrorTitleKey)
  return t('errors.generic')
}

/** The host's own message: precise, says what to do; shown as the detail under the title. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message
  return String(error)
}

const BASE_URL_PROBLEMS: readonly Exclude<BaseUrlProblem, 'scheme'>[] = [
  'empty',
  'malformed',
  'insecure',
  'packagedHttp',
  'credentials',
  'query'
]

/** The text shown at a form field for a host error that names that field; localized where the case is known. */
export function fieldErrorText(t: TFunction, error: unknown): string {
  if (!isStudioError(error)) return errorMessage(error)
  const reason = error.details?.reason
  if (error.field === 'baseUrl' && error.code === 'INVALID_INPUT' && BASE_URL_PROBLEMS.includes(reason as never)) {
    return t(`form.errors.baseUrl.${reason as (typeof BASE_URL_PROBLEMS)[number]}`)
  }
  if (error.field === 'name' && error.code === 'CONFLICT') return t('form.errors.nameTaken')
  return error.message
}
