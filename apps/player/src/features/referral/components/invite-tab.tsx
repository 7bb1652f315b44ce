import { ErrorState, LoadingState } from '../../../components/list-state.tsx'
import { useToast } from '../../../components/toast/use-toast.ts'
import { formatPercent } from '@sanam/web-shared/format'
import { copyText } from '../../../lib/copy-text.ts'
import { t } from '../../../lib/i18n/index.ts'
import { useInvitesQuery } from '../api/get-invites.ts'
import { CopyIcon, ShareIcon } from './share-icons.tsx'
import { inviteLink, shareUrl, type ShareTarget } from '../share-links.ts'

const TARGETS: ShareTarget[] = ['LINE', 'Telegram', 'Facebook']

/**
 * Spec §2 Referral invite tab: the invite code, the link with a copy button, share buttons (the device's own
 * share sheet first where it has one, then LINE, Telegram and Facebook in a new window) and the three levels'
 * percentages.
 */
export function InviteTab() {
  const invites = useInvitesQuery(0)
  const { showToast } = useToast()

  if (invites.isPending) return <LoadingState />
  if (invites.isError) return <ErrorState onRetry={() => void invites.refetch()} />

  const { invite_code: code, percentage } = invites.data
  const link = inviteLink(window.location.origin, code)
  const text = t('referral.shareText')
  const canShare = typeof navigator.share === 'function'

  const handleCopy = () => {
    // Nothing could copy (an old browser, every way refused): say so, the link is on screen to copy by hand.
    void copyText(link).then((copied) =>
      copied ? showToast({ kind: 'success', text: t('toast.linkCopied') }) : showToast({ kind: 'error', text: t('error.copy') }),
    )
  }

  const handleShare = () => {
    // Cancelling the share sheet rejects; that is the player's choice, not an error to show.
    navigator.share({ title: t('referral.inviteLink'), text, url: link }).catch(() => {})
  }

  const handleShareTo = (target: ShareTarget) => {
    window.open(shareUrl(target, link, text), '_blank', 'noopener,noreferrer')
  }

  return (
    <>
      <section className="card invite-card" aria-labelledby="invite-code-label">
        <p className="invite-card__label" id="invite-code-label">
          {t('referral.inviteCode')}
        </p>
        <p className="invite-card__code" data-testid="invite-code">
          {code}
        </p>
        <p className="invite-card__label">{t('referral.inviteLink')}</p>
        <p className="invite-card__link" data-testid="invite-link">
          {link}
        </p>
        <button type="button" className="button button--primary button--large" onClick={handleCopy}>
          <CopyIcon />
          {t('referral.copyLink')}
        </button>
        <div className="share-row">
          {canShare && (
            <button type="button" className="share-button" onClick={handleShare}>
              <ShareIcon />
              {t('referral.share')}
            </button>
          )}
          {TARGETS.map((target) => (
            <button key={target} type="button" className={`share-button share-button--${target.toLowerCase()}`} onClick={() => handleShareTo(target)}>
              {target}
              <span className="visually-hidden">
                {t('referral.shareVia', { name: target })} {t('state.opensNewWindow')}
              </span>
            </button>
          ))}
        </div>
      </section>

      <section className="card">
        <table className="data-table" aria-label={t('referral.levels')}>
          <caption className="levels-caption">{t('referral.levels')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('referral.levelColumn')}</th>
              <th scope="col" className="data-table__number">
                {t('referral.rate')}
              </th>
            </tr>
          </thead>
          <tbody>
            {([1, 2, 3] as const).map((level) => (
              <tr key={level}>
                <th scope="row">{t('referral.level', { n: level })}</th>
                <td className="data-table__number" data-testid={`level-${level}`}>
                  {formatPercent(percentage[`level${level}`])}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="levels-note">{t('referral.levelNote')}</p>
      </section>
    </>
  )
}
