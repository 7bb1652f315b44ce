import { useEffect } from 'react'
import { useRouteError } from 'react-router'
import { AlertIcon } from '../../components/icons.tsx'
import { NoticeCard } from '../../components/notice-card.tsx'
import { t } from '../../lib/i18n/index.ts'

/** Shown in place of a page that threw while rendering; a reload is the one thing the player can try. */
export function RouteErrorPage() {
  const error = useRouteError()
  useEffect(() => {
    // Kept in the console for whoever reproduces it; the player sees only the Thai text.
    console.error(error)
  }, [error])

  return (
    <div className="page page--centred">
      <NoticeCard icon={<AlertIcon />} title={t('error.generic')} action={{ onClick: () => window.location.reload(), label: t('action.reload') }} />
    </div>
  )
}
