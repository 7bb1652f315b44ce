import { msg } from '@sanam/contract'

/** What a template is given: the non-secret values stored in the row's `params`, and the secret opened from `sealed_secret`. */
export type TemplateParams = Record<string, string | number>

interface Template {
  /** The channels it may go by (SMS carries only codes, security notices and payout status: issue 38). */
  channels: readonly string[]
  /** True when the message carries a secret (a code, a password): never resent, wiped once settled (ADR 083). */
  secret: boolean
  render(params: TemplateParams, secret: string | null): string
  /** The OTP reference the demo's console outbox shows beside the code. */
  otpRef?(params: TemplateParams): string
}

const str = (params: TemplateParams, name: string) => String(params[name] ?? '')
const num = (params: TemplateParams, name: string) => Number(params[name] ?? 0)
const required = (secret: string | null) => {
  if (secret === null) throw new Error('this template needs its secret, which is gone')
  return secret
}

/**
 * Every message Sanam sends, by id (the row's `template_id`): texts from the contract's catalogue (ADR 024). A test
 * (templates.test.ts) renders each and refuses a URL in any SMS (Thai rules: links must be whitelisted, shorteners
 * are banned), and the SMS channel refuses one at run time too.
 */
export const TEMPLATES = {
  OTP: {
    channels: ['sms'],
    secret: true,
    render: (p, secret) => msg('OTP_SMS', { site: str(p, 'site'), code: required(secret), ref: str(p, 'ref'), minutes: num(p, 'minutes') }),
    otpRef: (p) => str(p, 'ref'),
  },
  PLAYER_TEMPORARY_PASSWORD: {
    channels: ['sms'],
    secret: true,
    render: (p, secret) => msg('PASSWORD_RESET_SMS', { site: str(p, 'site'), password: required(secret), hours: num(p, 'hours') }),
  },
  OPERATOR_ONE_TIME_PASSWORD: {
    channels: ['sms'],
    secret: true,
    render: (p, secret) =>
      msg('OPERATOR_PASSWORD_SMS', { site: str(p, 'site'), username: str(p, 'username'), password: required(secret), hours: num(p, 'hours') }),
  },
  PASSWORD_CHANGED: {
    channels: ['sms'],
    secret: false,
    render: (p) => msg('PASSWORD_CHANGED_SMS', { site: str(p, 'site') }),
  },
} as const satisfies Record<string, Template>

export type TemplateId = keyof typeof TEMPLATES

export function templateOf(id: string): Template | undefined {
  return (TEMPLATES as Record<string, Template>)[id]
}

/** A web address in a template's own words: a scheme, `www.`, or a name ending in a top-level domain (bit.ly too). */
export const URL_IN_TEXT = /(https?:\/\/|www\.|\b[a-z0-9-]+\.(com|net|org|th|ly|io|co|me|gl|link|xyz|app|bet|info)\b)/i

/**
 * What the SMS channel refuses at run time: a link with a scheme or `www.`. Narrower than URL_IN_TEXT on purpose: a
 * site whose name looks like a domain ("Sanam88.com") must not stop every code from going out.
 */
export const LINK_IN_TEXT = /(https?:\/\/|www\.)/i
