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
