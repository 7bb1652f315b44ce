import type { Promotion } from '@sanam/contract'
import { useEffect, useState } from 'react'
import { PromotionModal } from '../../features/deposit/components/promotion-modal.tsx'
import { PromotionPage } from '../../features/promotion/components/promotion-page.tsx'

/** What the back-office editor posts to this frame: the draft as the player API would send it, and which view. */
export interface PromotionPreviewMessage {
  type: 'sanam:promotion-preview'
  view: 'page' | 'modal'
  promotion: Promotion
}

function isPreviewMessage(data: unknown): data is PromotionPreviewMessage {
  if (typeof data !== 'object' || data === null) return false
  const m = data as Partial<PromotionPreviewMessage>
  const p = m.promotion
  return (
    m.type === 'sanam:promotion-preview' &&
    (m.view === 'page' || m.view === 'modal') &&
    typeof p === 'object' &&
    p !== null &&
    typeof p.title === 'string' &&
    typeof p.image === 'string' &&
    typeof p.credit_given === 'number' &&
    (p.credit_given_type === 'FIXED' || p.credit_given_type === 'PERCENT') &&
    Array.isArray(p.rules)
  )
}

/**
 * /preview/promotion (ADR 043): the promotion page and the deposit screen's promotion modal, drawn by the player app's
 * own components with a draft the back-office editor posts from the same origin, never fetched (no API call, no
 * session). Only this path may be framed, and only by Sanam's own pages (web.ts). Links do not navigate.
 */
export default function PromotionPreviewRoute() {
  const [message, setMessage] = useState<PromotionPreviewMessage>()
  useEffect(() => {
    const receive = (event: MessageEvent) => {
      if (event.origin === window.location.origin && isPreviewMessage(event.data)) setMessage(event.data)
    }
    window.addEventListener('message', receive)
    // Tell the editor the frame listens: it posts the draft now and on every change.
    window.parent.postMessage({ type: 'sanam:promotion-preview-ready' }, window.location.origin)
    return () => window.removeEventListener('message', receive)
  }, [])
  const promotion = message?.promotion
  return (
    <div className="app-column">
      <main className="app-main" id="main" onClickCapture={(event) => event.preventDefault()}>
        <PromotionPage promotions={{ status: promotion ? 'success' : 'pending', data: promotion ? [promotion] : undefined, refetch: () => {} }} />
        {promotion && message.view === 'modal' && <PromotionModal promotion={promotion} onClose={() => setMessage({ ...message, view: 'page' })} />}
      </main>
    </div>
  )
}
