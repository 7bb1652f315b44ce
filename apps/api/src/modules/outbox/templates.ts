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
/** An amount in satang, stored as decimal text. */
const satang = (params: TemplateParams) => BigInt(String(params.amount ?? 0))
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
  // Player notices (issue 38 §1, ADR 087). SMS carries the payout's status and the exclusion's protection notice only;
  // a deposit credited and a limit go by LINE alone. Amounts are satang in decimal text (jsonb has no bigint).
  NOTICE_DEPOSIT_CREDITED: {
    channels: ['line'],
    secret: false,
    render: (p) => msg('NOTICE_DEPOSIT_CREDITED', { site: str(p, 'site'), amount: satang(p) }),
  },
  NOTICE_PAYOUT_PAID: {
    channels: ['sms', 'line'],
    secret: false,
    render: (p) => msg('NOTICE_PAYOUT_PAID', { site: str(p, 'site'), amount: satang(p) }),
  },
  NOTICE_PAYOUT_REFUSED: {
    channels: ['sms', 'line'],
    secret: false,
    render: (p) => msg('NOTICE_PAYOUT_REFUSED', { site: str(p, 'site'), amount: satang(p) }),
  },
  NOTICE_LIMIT_APPLIED: {
    channels: ['line'],
    secret: false,
    render: (p) => msg('NOTICE_LIMIT_APPLIED', { site: str(p, 'site') }),
  },
  NOTICE_LIMIT_PENDING: {
    channels: ['line'],
    secret: false,
    render: (p) => msg('NOTICE_LIMIT_PENDING', { site: str(p, 'site'), at: Date.parse(str(p, 'at')) }),
  },
  NOTICE_EXCLUSION: {
    channels: ['sms', 'line'],
    secret: false,
    render: (p) => msg('NOTICE_EXCLUSION', { site: str(p, 'site'), until: p.until ? Date.parse(str(p, 'until')) : null }),
  },
  /** A desk alert to the desk's LINE group (ADR 087): its title, what to do and the link, made when it was raised. */
  DESK_ALERT: {
    channels: ['line'],
    secret: false,
    render: (p) => msg('DESK_ALERT_LINE', { title: str(p, 'title'), todo: str(p, 'todo'), link: str(p, 'link') }),
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
