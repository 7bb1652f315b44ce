import { useState, type FormEvent } from 'react'
import { errorText } from '../lib/api-client.ts'
import { useToast } from './toasts.tsx'

/**
 * A proposal form's sending: `body` reads the form's fields, `propose` sends them; its message as a toast and `onDone`
 * once accepted, a refusal as the form's error (shown by ProposalSubmit).
 */
export function useProposalForm<Body>(
  propose: { mutate: (body: Body, options: { onSuccess: (answer: { message?: string | undefined }) => void; onError: (failure: unknown) => void }) => void },
  body: (data: FormData) => Body,
  onDone: () => void,
) {
  const toast = useToast()
  const [error, setError] = useState<string>()
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setError(undefined)
    propose.mutate(body(new FormData(event.currentTarget)), {
      onSuccess: ({ message }) => {
        if (message) toast(message)
        onDone()
      },
      onError: (failure) => setError(errorText(failure)),
    })
  }
  return { submit, error }
}
