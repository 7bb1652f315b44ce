import { PagedTable } from '../../../components/paged-table.tsx'
import { formatDate, formatWhole } from '@sanam/web-shared/format'
import { t } from '../../../lib/i18n/index.ts'
import { useInvitesQuery } from '../api/get-invites.ts'

/** Spec §2 Referral friends tab: the level-1 downlines, 10 a page (spec §9), username and the day they joined. */
export function FriendsTab() {
  return (
    <PagedTable
      label={t('referral.tab.friends')}
      usePage={useInvitesQuery}
      rows={(data) => data.downlines}
      rowKey={(friend, index) => `${friend.username}-${friend.created_at}-${index}`}
      columns={[
        { header: t('referral.col.username'), cell: (friend) => friend.username },
        { header: t('referral.col.joined'), cell: (friend) => formatDate(friend.created_at) },
      ]}
      header={(data) => <p className="friends-count">{t('referral.friendsCount', { n: formatWhole(data.total) })}</p>}
    />
  )
}
