import { lazy, Suspense } from 'react'
import { createBrowserRouter } from 'react-router'
import { GuestOnly, RequireAuth, Unrestricted } from './guards.tsx'
import { AppLayout } from './layout/app-layout.tsx'
import { RouteErrorPage } from './routes/route-error-page.tsx'

// One chunk per screen: the login route loads only what the login page needs (spec §9 performance budget).
const LoginRoute = lazy(() => import('./routes/login-route.tsx'))
const RegisterRoute = lazy(() => import('./routes/register-route.tsx'))
const HomeRoute = lazy(() => import('./routes/home-route.tsx'))
const DepositRoute = lazy(() => import('./routes/deposit-route.tsx'))
const PromotionRoute = lazy(() => import('./routes/promotion-route.tsx'))
const WithdrawRoute = lazy(() => import('./routes/withdraw-route.tsx'))
const HistoryRoute = lazy(() => import('./routes/history-route.tsx'))
const ReferralRoute = lazy(() => import('./routes/referral-route.tsx'))
const MaintenancePage = lazy(() => import('./routes/maintenance-page.tsx'))
const PromotionPreviewRoute = lazy(() => import('./routes/promotion-preview-route.tsx'))
const ResponsiblePlayRoute = lazy(() => import('./routes/responsible-play-route.tsx'))
const LineLinkRoute = lazy(() => import('./routes/line-link-route.tsx'))

/** The player routes (spec §2). */
export const router = createBrowserRouter([
  // The back-office editor's preview (ADR 043): the player's own promotion page and modal with a posted draft, no session.
  {
    path: 'preview/promotion',
    element: (
      <Suspense fallback={null}>
        <PromotionPreviewRoute />
      </Suspense>
    ),
  },
  {
    element: <AppLayout />,
    children: [
      {
        // Below the layout, so a page that throws is replaced inside the column and the rest of the app stays.
        errorElement: <RouteErrorPage />,
        children: [
          {
            element: <GuestOnly />,
            children: [
              { path: 'login', element: <LoginRoute /> },
              { path: 'register', element: <RegisterRoute /> },
            ],
          },
          {
            element: <RequireAuth />,
            children: [
              // Restricted mode (ADR 047) keeps withdraw, history and responsible play; the rest waits for its end.
              {
                element: <Unrestricted />,
                children: [
                  { index: true, element: <HomeRoute /> },
                  { path: 'deposit', element: <DepositRoute /> },
                  { path: 'promotion', element: <PromotionRoute /> },
                  { path: 'referral', element: <ReferralRoute /> },
                  // Spec §2: any other path shows the under-maintenance page (to a logged-in player; a visitor goes to /login first).
                  { path: '*', element: <MaintenancePage /> },
                ],
              },
              { path: 'withdraw', element: <WithdrawRoute /> },
              { path: 'history', element: <HistoryRoute /> },
              { path: 'responsible-play', element: <ResponsiblePlayRoute /> },
              // The LINE chat's link (ADR 088): a visitor signs in and comes back here with the link token.
              { path: 'line/link', element: <LineLinkRoute /> },
            ],
          },
        ],
      },
    ],
  },
])
