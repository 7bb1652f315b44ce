import { useQuery } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import { Link } from 'react-router'
import { t } from '../../lib/i18n/th.ts'
import { movesMoney, useOperator } from '../../lib/operator.ts'
import { promotionsQueryOptions } from './api/get-promotions.ts'
import { DecisionDialog, PendingVersions, PromotionsTable, type Decision } from './promotions-parts.tsx'

/**
 * The promotions editor's list (issue 20 §1): the versions waiting for a second money operator (publish or reject,
 * never one's own), and every promotion with its status, credit, schedule and version, to edit or disable.
 */
export function PromotionsPage() {
  const me = useOperator()
  const list = useQuery(promotionsQueryOptions())
  const [decision, setDecision] = useState<Decision>()
  const operator = me.data
  const mayDecide = movesMoney(operator?.role)
  const pending = useMemo(() => (list.data?.list ?? []).flatMap((p) => (p.pending ? [p.pending] : [])), [list.data])

  return (
    <section className="panel">
      <div className="panel__head">
        <h1 className="panel__title">{t('promotions.title')}</h1>
        <Link className="button" to="/promotions/new">
          {t('promotions.new')}
        </Link>
      </div>
      <p className="muted">{t('promotions.lead')}</p>
      {pending.length > 0 && (
        <>
          <h2 className="detail__subtitle">{t('promotions.pendingTitle')}</h2>
          <p className="muted">{t('promotions.pendingLead')}</p>
          <PendingVersions pending={pending} mayDecide={mayDecide} onDecide={setDecision} />
        </>
      )}
      <h2 className="detail__subtitle">{t('promotions.allTitle')}</h2>
      <PromotionsTable rows={list.data?.list} loading={list.isPending} onDecide={setDecision} />
      {decision && <DecisionDialog decision={decision} onClose={() => setDecision(undefined)} />}
    </section>
  )
}
