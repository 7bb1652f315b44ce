import { RegisterPage } from '../../features/auth/components/register-page.tsx'
import { useSite } from '../../features/site/hooks/use-site.ts'

/** /register (spec §2) with the site's terms and responsible-play help links (issue 21 §3). */
export default function RegisterRoute() {
  const site = useSite()
  const metadata = site.status === 'ready' ? site.metadata : undefined
  return <RegisterPage termsUrl={metadata?.terms_url ?? undefined} responsiblePlayUrl={metadata?.responsible_play.help_url ?? undefined} />
}
