import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { lazy } from 'react'
import { createBrowserRouter, Navigate, RouterProvider } from 'react-router'
import { ToastProvider } from '../components/toasts.tsx'
import { isRefusal } from '../lib/api-client.ts'
import { AccountPage } from '../features/account/account-page.tsx'
import { ApprovalsPage } from '../features/approvals/approvals-page.tsx'
import { AuditPage } from '../features/audit/audit-page.tsx'
import { OutboxPage } from '../features/outbox/outbox-page.tsx'
import { RiskInboxPage } from '../features/risk/risk-inbox-page.tsx'
import { RiskCasePage } from '../features/risk/risk-case-page.tsx'
import { RiskParamsPage } from '../features/risk/risk-params-page.tsx'
import { CataloguePage } from '../features/catalogue/catalogue-page.tsx'
import { PayinAccountsPage } from '../features/pay-in-accounts/pay-in-accounts-page.tsx'
import { EnrolPage } from '../features/auth/enrol-page.tsx'
import { ExceptionsPage } from '../features/exceptions/exceptions-page.tsx'
import { BankNotificationsPage } from '../features/bank-notifications/bank-notifications-page.tsx'
import { SlipsPage } from '../features/slips/slips-page.tsx'
import { LoginPage } from '../features/auth/login-page.tsx'
import { DepositsPage } from '../features/deposits/deposits-page.tsx'
import { MembersPage } from '../features/members/members-page.tsx'
import { OperatorsPage } from '../features/operators/operators-page.tsx'
import { PromotionEditorPage } from '../features/promotions/promotion-editor-page.tsx'
import { PromotionsPage } from '../features/promotions/promotions-page.tsx'
import { PlanPage } from '../features/plan/plan-page.tsx'
import { ReconciliationPage } from '../features/reconciliation/reconciliation-page.tsx'
import { ReportsPage } from '../features/reports/reports-page.tsx'
import { SiteSettingsPage } from '../features/site-settings/site-settings-page.tsx'
import { WithdrawalsPage } from '../features/withdrawals/withdrawals-page.tsx'
import { PayoutsPage } from '../features/payouts/payouts-page.tsx'
import { CareTasksPage } from '../features/care/care-tasks-page.tsx'
import { CareTaskPage } from '../features/care/care-task-page.tsx'
import { Layout } from './layout.tsx'

// The dashboard brings the chart library (recharts, most of the app's weight): its own chunk, loaded when opened.
const DashboardPage = lazy(() => import('../features/dashboard/dashboard-page.tsx').then((m) => ({ default: m.DashboardPage })))

const queryClient = new QueryClient({
  defaultOptions: {
    // A refusal (4xx) will not change by asking again; a lost connection may.
    queries: { retry: (count, error) => count < 2 && !isRefusal(error), refetchOnWindowFocus: true },
  },
})

const router = createBrowserRouter(
  [
    { path: '/login', element: <LoginPage /> },
    { path: '/enrol', element: <EnrolPage /> },
    {
      element: <Layout />,
      children: [
        { index: true, element: <Navigate to="/dashboard" replace /> },
        { path: '/dashboard', element: <DashboardPage /> },
        { path: '/withdrawals', element: <WithdrawalsPage /> },
        { path: '/payouts', element: <PayoutsPage /> },
        { path: '/deposits', element: <DepositsPage /> },
        { path: '/members', element: <MembersPage /> },
        { path: '/approvals', element: <ApprovalsPage /> },
        { path: '/plan', element: <PlanPage /> },
        // The adjustments queue became the approvals queue of every money action (ADR 035).
        { path: '/adjustments', element: <Navigate to="/approvals" replace /> },
        { path: '/exceptions', element: <ExceptionsPage /> },
        { path: '/bank-notifications', element: <BankNotificationsPage /> },
        { path: '/slips', element: <SlipsPage /> },
        { path: '/reconciliation', element: <ReconciliationPage /> },
        { path: '/catalogue', element: <CataloguePage /> },
        { path: '/pay-in-accounts', element: <PayinAccountsPage /> },
        { path: '/reports', element: <ReportsPage /> },
        { path: '/promotions', element: <PromotionsPage /> },
        { path: '/promotions/new', element: <PromotionEditorPage /> },
        { path: '/promotions/:id', element: <PromotionEditorPage /> },
        { path: '/audit', element: <AuditPage /> },
        { path: '/outbox', element: <OutboxPage /> },
        { path: '/risk', element: <RiskInboxPage /> },
        { path: '/risk/cases/:id', element: <RiskCasePage /> },
        { path: '/risk/params', element: <RiskParamsPage /> },
        { path: '/operators', element: <OperatorsPage /> },
        { path: '/site', element: <SiteSettingsPage /> },
        { path: '/account', element: <AccountPage /> },
        { path: '/care', element: <CareTasksPage /> },
        { path: '/care/:id', element: <CareTaskPage /> },
        { path: '*', element: <Navigate to="/dashboard" replace /> },
      ],
    },
  ],
  { basename: '/backoffice' },
)

/**
 * The operator console (issue 12): sign-in with TOTP, the dashboard, the withdrawal queue, deposits, members, the money
 * desk (approvals, deposit exceptions, reconciliation), the reports, the audit log, operators.
 * desk (approvals, deposit exceptions, reconciliation), the promotions editor, the audit log, operators.
 * desk (approvals, deposit exceptions, reconciliation), the audit log, operators, the site settings.
 */
export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </QueryClientProvider>
  )
}
