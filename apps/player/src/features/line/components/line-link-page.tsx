import { useState } from 'react'
import { FormError } from '../../../components/form/form-actions.tsx'
import { Spinner } from '../../../components/spinner.tsx'
import { errorText } from '../../../lib/api-client.ts'
import { t } from '../../../lib/i18n/index.ts'
import { useStartLineLink } from '../api/start-line-link.ts'
import '../../../components/money-page.css'
import '../line.css'

/**
 * /line/link?linkToken=… (ADR 088): the page the LINE chat's link opens, once the player is signed in. Confirming
 * asks Sanam for a one-time nonce and goes to LINE's account-link dialog (`go`), which links the chat's LINE account
 * to this player. A token past its 10 minutes or already used is refused by the server, in Thai.
 */
export function LineLinkPage({ linkToken, mobile, go }: { linkToken: string | null; mobile: string; go: (url: string) => void }) {
  const start = useStartLineLink()
  const [error, setError] = useState<string | null>(linkToken ? null : t('line.link.missing'))
  const handleConfirm = () => {
    if (!linkToken) return
    setError(null)
    start.mutate(linkToken, {
      onSuccess: (answer) => go(answer.redirect_url),
      onError: (failure) => setError(errorText(failure, 'error.generic')),
    })
  }
  const busy = start.isPending || start.isSuccess

  return (
    <div className="money-page">
      <h1 className="money-page__title">{t('line.link.title')}</h1>
      <section className="card line-card">
        <p className="line-card__how">{t('line.link.intro', { mobile })}</p>
        <FormError message={error} />
        {linkToken && (
          <button type="button" className="button button--primary button--large" disabled={busy} aria-busy={busy} onClick={handleConfirm}>
            {busy && <Spinner />}
            {t('line.link.confirm')}
          </button>
        )}
      </section>
    </div>
  )
}
