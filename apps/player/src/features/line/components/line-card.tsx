import type { LineState, NoticeKind } from '@sanam/contract'
import { NOTICE_KINDS } from '@sanam/contract/notice-kinds'
import { formatDateTime } from '@sanam/web-shared/format'
import { useState, type FormEvent } from 'react'
import { SubmitButton } from '../../../components/form/form-actions.tsx'
import { ErrorState } from '../../../components/list-state.tsx'
import { QrCodeImage } from '../../../components/qr-code-image.tsx'
import { useToast } from '../../../components/toast/use-toast.ts'
import { errorText } from '../../../lib/api-client.ts'
import { t } from '../../../lib/i18n/index.ts'
import { useChangeLine, type LineChange } from '../api/change-line.ts'
import { useLineQuery } from '../api/get-line.ts'
import '../line.css'

/**
 * The player's LINE on the account page (issue 38 §3, ADR 088): linked or not, how to link (the Official Account's
 * add-friend link and its QR code, drawn here), the notices that go to LINE (promotions only when ticked) and
 * unlinking. Nothing at all when the site does not offer LINE.
 */
export function LineCard() {
  const line = useLineQuery()
  if (line.isError && !line.data) return <ErrorState onRetry={() => void line.refetch()} />
  const state = line.data
  if (state && !state.offered) return null
  return (
    <section className="card line-card" aria-labelledby="line-title" data-testid="line-card">
      <h2 className="line-card__title" id="line-title">
        {t('line.title')}
      </h2>
      {!state ? (
        <span className="skeleton" aria-label={t('state.loading')} />
      ) : state.linked ? (
        <p className="line-card__state line-card__state--linked" data-testid="line-state">
          {t('line.linked')}
          {state.linked_at && <span className="line-card__since">{t('line.linkedSince', { at: formatDateTime(state.linked_at) })}</span>}
        </p>
      ) : (
        <HowToLink addFriendUrl={state.add_friend_url} />
      )}
      {state && <NoticeChoices key={state.notices.join(',')} state={state} />}
    </section>
  )
}

function HowToLink({ addFriendUrl }: { addFriendUrl: string | null }) {
  return (
    <>
      <p className="line-card__state" data-testid="line-state">
        {t('line.notLinked')}
      </p>
      <p className="line-card__how">{t('line.howTo')}</p>
      {addFriendUrl && (
        <>
          <a className="button button--secondary button--large" href={addFriendUrl} target="_blank" rel="noopener noreferrer">
            {t('line.addFriend')}
            <span className="visually-hidden">{t('state.opensNewWindow')}</span>
          </a>
          <QrCodeImage payload={addFriendUrl} alt={t('line.qrAlt')} hint={t('line.qrHint')} />
        </>
      )}
    </>
  )
}

/** Sends a change and says what the server answered, in a toast. */
function useLineAction() {
  const change = useChangeLine()
  const { showToast } = useToast()
  const run = (request: LineChange) =>
    change.mutate(request, {
      onSuccess: (answer) => {
        if (answer.message) showToast({ kind: 'success', text: answer.message })
      },
      onError: (failure) => showToast({ kind: 'error', text: errorText(failure, 'error.generic') }),
    })
  return { run, busy: change.isPending }
}

function NoticeChoices({ state }: { state: LineState }) {
  const [chosen, setChosen] = useState<ReadonlySet<NoticeKind>>(() => new Set(state.notices))
  const { run, busy } = useLineAction()
  const toggle = (kind: NoticeKind, on: boolean) =>
    setChosen((before) => {
      const next = new Set(before)
      if (on) next.add(kind)
      else next.delete(kind)
      return next
    })
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault()
    run({ action: 'notices', body: { notices: NOTICE_KINDS.filter((kind) => chosen.has(kind)) } })
  }

  return (
    <>
      <form className="line-card__notices" onSubmit={handleSubmit} noValidate>
        <fieldset>
          <legend>{t('line.noticesTitle')}</legend>
          {NOTICE_KINDS.map((kind) => (
            <label className="checkbox" key={kind}>
              <input type="checkbox" name={kind} checked={chosen.has(kind)} onChange={(event) => toggle(kind, event.target.checked)} />
              <span className="checkbox__box" aria-hidden="true" />
              <span>{t(`line.notice.${kind}`)}</span>
            </label>
          ))}
        </fieldset>
        <SubmitButton busy={busy}>{t('line.save')}</SubmitButton>
      </form>
      {state.linked && (
        <button type="button" className="button button--secondary button--large" disabled={busy} onClick={() => run({ action: 'unlink' })}>
          {t('line.unlink')}
        </button>
      )}
    </>
  )
}
