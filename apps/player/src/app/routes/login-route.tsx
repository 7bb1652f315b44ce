import { LoginPage } from '../../features/auth/components/login-page.tsx'
import { useSite } from '../../features/site/hooks/use-site.ts'

/** /login: the login page with the site's customer-service and responsible-play help links (spec §2). */
export default function LoginRoute() {
  const site = useSite()
  const metadata = site.status === 'ready' ? site.metadata : undefined
  return <LoginPage supportUrl={metadata?.contact.line} responsiblePlayUrl={metadata?.responsible_play.help_url ?? undefined} />
}
