import { LoginPage } from '../../features/auth/components/login-page.tsx'
import { useSite } from '../../features/site/hooks/use-site.ts'

/** /login: the login page with the site's customer-service link (spec §2). */
export default function LoginRoute() {
  const site = useSite()
  return <LoginPage supportUrl={site.status === 'ready' ? site.metadata.contact.line : undefined} />
}
