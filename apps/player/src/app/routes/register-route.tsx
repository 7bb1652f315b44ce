import { RegisterPage } from '../../features/auth/components/register-page.tsx'

/** /register (spec §2). */
export default function RegisterRoute() {
  return <RegisterPage />
}
