import { useState } from 'react'
import { EmptyState, ErrorState, LoadingState } from '../../../components/list-state.tsx'
import { Pager } from '../../../components/pager.tsx'
import { formatDate } from '../../../lib/format.ts'
import { t } from '../../../lib/i18n/index.ts'
import { useInvitesQuery } from '../api/get-invites.ts'

/** Spec §2 Referral friends tab: the level-1 downlines, 10 a page (spec §9), username and the day they joined. */
export function FriendsTab() {
  const [page, setPage] = useState(0)
  const invites = useInvitesQuery(page)

  if (invites.isPending) return <LoadingState />
  if (invites.isError && !invites.data) return <ErrorState onRetry={() => void invites.refetch()} />
  const { downlines, size, total } = invites.data
  if (total === 0) return <EmptyState />
  return (
    <>
      <p className="friends-count">{t('referral.friendsCount', { n: total })}</p>
      <div className="card table-card">
        <table className="data-table" aria-label={t('referral.tab.friends')} aria-busy={invites.isPlaceholderData}>
          <thead>
            <tr>
              <th scope="col">{t('referral.col.username')}</th>
              <th scope="col">{t('referral.col.joined')}</th>
            </tr>
          </thead>
          <tbody>
            {downlines.map((friend, index) => (
              <tr key={`${friend.username}-${friend.created_at}-${index}`}>
                <td>{friend.username}</td>
                <td>{formatDate(friend.created_at)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager page={page} size={size} total={total} busy={invites.isPlaceholderData} onChange={setPage} />
    </>
  )
}
