import { ReferralPage } from '../../features/referral/components/referral-page.tsx'

/** /referral: invite link, referral and rebate totals, friends (spec §2). */
export default function ReferralRoute() {
  return <ReferralPage />
}
