import { useT } from '@renderer/i18n/use-t'
import { errorMessage, errorTitle } from '@renderer/lib/error-text'
import { FormAlert } from './FormAlert'

/** A list that could not be read: what was being loaded, and the host's reason. */
export function LoadFailed({ title, error }: { title: string; error: unknown }) {
  const { t } = useT()
  return (
    <FormAlert
      title={title}
      detail={
        <>
          {errorTitle(t, error)}: {errorMessage(error)}
        </>
      }
    />
  )
}
