/**
 * Every query key of the back-office, defined once (ADR 038). A feature's `api/` files build their keys here, and a
 * change invalidates by these prefixes, another feature's too: a credited deposit or a paid withdrawal changes a
 * member's balance, an operator's action adds to the audit log. Each group's `all` is the prefix of all its keys.
 */
export const queryKeys = {
  /** The signed-in operator, per session token (another sign-in in this tab is another operator). */
  me: { all: ['me'] as const, of: (token: string | null) => ['me', token] as const },
  // Under `all`: a write that invalidates the operators also refreshes the changes waiting for a second owner.
  operators: { all: ['operators'] as const, requests: ['operators', 'requests'] as const },
  dashboard: { all: ['dashboard'] as const },
  withdrawals: { all: ['withdrawals'] as const, list: (status: string, page: number) => ['withdrawals', status, page] as const },
  /** Payouts through the bank (ADR 081): the held and unknown queues and the summary (which bank, how many wait). */
  payouts: {
    all: ['payouts'] as const,
    list: (status: string, page: number) => ['payouts', status, page] as const,
    summary: ['payouts', 'summary'] as const,
  },
  deposits: {
    all: ['deposits'] as const,
    unmatched: (page: number) => ['deposits', 'unmatched', page] as const,
    history: (query: object) => ['deposits', 'history', query] as const,
    /** Today's transfers per source (ADR 086). */
    sources: ['deposits', 'sources'] as const,
  },
  members: {
    all: ['members'] as const,
    search: (q: string, page: number) => ['members', 'search', q, page] as const,
    profile: (id: number) => ['members', id, 'profile'] as const,
    links: (id: number) => ['members', id, 'links'] as const,
    history: (id: number, list: string, page: number) => ['members', id, 'history', list, page] as const,
  },
  /** The money desk (ADR 035): operator money actions (waiting, applied, rejected), exceptions, reconciliation. */
  approvals: { all: ['approvals'] as const, list: (query: object) => ['approvals', query] as const },
  exceptions: { all: ['exceptions'] as const, list: (status: string, page: number) => ['exceptions', status, page] as const },
  /** Players' slip checks (ADR 079). */
  slips: { all: ['slips'] as const, list: (status: string, page: number) => ['slips', status, page] as const },
  /** The outbox's messages of today (ADR 083). */
  outbox: { all: ['outbox'] as const },
  /** The desk's alerts for the signed-in operator (ADR 087). */
  alerts: { all: ['alerts'] as const },
  reconciliation: { all: ['reconciliation'] as const, day: (day: string) => ['reconciliation', day] as const },
  /** Forwarded bank notifications (ADR 080): a day's, of one status or all. */
  bankNotifications: { all: ['bank-notifications'] as const, list: (query: object, page: number) => ['bank-notifications', query, page] as const },
  /** The game catalogue (providers and each provider's games), as the editor shows it. */
  catalogue: {
    all: ['catalogue'] as const,
    providers: ['catalogue', 'providers'] as const,
    games: (provider: string) => ['catalogue', 'games', provider] as const,
  },
  /** Pay-in accounts: every version, pending, live and retired. */
  payin: { all: ['payin'] as const },
  /** The reports (issue 20 §5): one key per report and range of Bangkok days. */
  reports: { all: ['reports'] as const, table: (report: string, range: object) => ['reports', report, range] as const },
  /** The promotions editor (issue 20 §1): every promotion with its pending version, and the pickers' catalogue. */
  promotions: { all: ['promotions'] as const, list: ['promotions', 'list'] as const, choices: ['promotions', 'choices'] as const },
  /** The site settings the player app loads (issue 20 §3). */
  site: { all: ['site'] as const, settings: ['site', 'settings'] as const },
  /** The referral plan and limits (ADR 044): in force, waiting, decided. */
  plan: { all: ['plan'] as const },
  /** The risk desk (ADR 089): the inbox, each case, the rules' parameters. */
  risk: { all: ['risk'] as const, inbox: ['risk', 'inbox'] as const, case: (id: number) => ['risk', 'case', id] as const, params: ['risk', 'params'] as const },
  audit: { all: ['audit'] as const, actions: ['audit', 'actions'] as const, entries: (query: object) => ['audit', 'entries', query] as const },
  /** Care tasks (ADR 090): a list of one status, and one task with its interactions. */
  care: {
    all: ['care'] as const,
    list: (status: string, page: number) => ['care', 'list', status, page] as const,
    task: (id: number) => ['care', 'task', id] as const,
  },
}
