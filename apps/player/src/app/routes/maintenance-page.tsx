import { WrenchIcon } from '../../components/icons.tsx'
import { NoticeCard } from '../../components/notice-card.tsx'
import { t } from '../../lib/i18n/index.ts'

/** Spec §2: what any unknown path shows. The banner above already carries the logo. */
export default function MaintenancePage() {
  return (
    <div className="page page--centred">
      <NoticeCard icon={<WrenchIcon />} title={t('page.maintenance')} action={{ to: '/', label: t('action.backHome') }}>
        <p className="notice__text">{t('maintenance.body')}</p>
      </NoticeCard>
    </div>
  )
}
