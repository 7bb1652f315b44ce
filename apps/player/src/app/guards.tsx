import { Navigate, Outlet } from 'react-router'
import { useSession } from '../lib/session.ts'

/** Spec §2: without a token every page but /login and /register goes to /login. */
export function RequireAuth() {
  const { token } = useSession()
  return token ? <Outlet /> : <Navigate to="/login" replace />
}

/** Spec §2: with a token, /login and /register go to /. */
export function GuestOnly() {
  const { token } = useSession()
  return token ? <Navigate to="/" replace /> : <Outlet />
}
