/**
 * The secrets of demo mode. Public on purpose: the demo provider, the demo bank-feed script, tests, e2e and bench sign
 * with them, and the server refuses them outside demo mode (apps/api/src/config.ts). Here, not in the server's
 * config, so that e2e and bench use the server's values without importing server source (ADR 023).
 */

/** The bank-feed secret of demo mode (the demo feed script knows it). */
export const DEMO_BANK_WEBHOOK_SECRET = 'sanam-demo-bank-webhook-secret'
/** The seamless secret of demo mode (the built-in demo provider signs with it). */
export const DEMO_SEAMLESS_SECRET = 'sanam-demo-seamless-secret'
/** The key that seals operators' TOTP secrets in demo mode (64 hex digits, as TOTP_ENCRYPTION_KEY takes it). */
export const DEMO_TOTP_ENCRYPTION_KEY = '5a4e414d2d64656d6f2d746f74702d6b65792d6f6e6c792d666f722d64656d6f'

/** The demo desk's password (issue 35 §6, ADR 070): every demo desk operator signs in with it, in demo mode only. */
export const DEMO_DESK_PASSWORD = 'demo-desk-password-1'
/**
 * The demo desk: operators demo seeding adds beside the demo owner, so that a visitor tries the desk at once. Each is a
 * set-up account (no one's group, not new): the two finance operators make a four-eyes decision together. Their TOTP
 * secrets are published (an authenticator app takes them), and GET /api/dev/totp?username= shows the current code.
 * A database that has them never runs outside demo mode (apps/api/src/seed.ts, demoDataLeft).
 */
export const DEMO_DESK = [
  { username: 'finance.a', role: 'finance', phone: '0890000001', totpSecret: 'VEBYRFHTKZYB7SZKZYCCMCWYNKSM2GTM' },
  { username: 'finance.b', role: 'finance', phone: '0890000002', totpSecret: 'UXK2KEEN3OLLILXTHEQYF3JV43ZOKPWA' },
  { username: 'support.a', role: 'support', phone: '0890000003', totpSecret: '55BBBHQNJT7T7ZCNBO7RHUESMX3CVYBU' },
  { username: 'owner.b', role: 'owner', phone: '0890000004', totpSecret: 'A6ZPXTI2A3ZVB7CPEFHJVQKNVFFEOFKD' },
] as const
/** The bank-notification secret of demo mode (ADR 080): forwarded texts in demo mode are signed with it. */
export const DEMO_BANK_NOTIFICATION_SECRET = 'sanam-demo-bank-notification-secret'
