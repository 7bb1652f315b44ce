import { failureOfStatus, parseJson, postToGateway, retryAfterMs, SmsSendError, type SmsFailureKind, type SmsMessage, type SmsSender } from './sms.ts'

export const SMSMKT_URL = 'https://portal-otp.smsmkt.com'

export interface SmsMktOptions {
  /** https://portal-otp.smsmkt.com, or the fake gateway's address in tests. */
  baseUrl: string
  apiKey: string
  secretKey: string
  sender: string
  timeoutMs: number
  fetch?: typeof fetch
  now?: () => Date
}

/**
 * SMSMKT's answer codes (ADR 083): "000" accepted; the rest refusals, each mapped to what the outbox does with it.
 * Codes not listed are transient: tried again with back-off, never counted as sent.
 */
export const SMSMKT_CODES: Record<string, SmsFailureKind> = {
  '100': 'permanent', // incomplete or invalid data: the number
  '107': 'permanent', // invalid phone number
  '110': 'permanent', // the number is on the do-not-send list
  '200': 'unauthorized', // sign-in data wrong
  '400': 'no_credit', // not enough credit
  '500': 'unauthorized', // the account expired
  '1004': 'unauthorized', // API key invalid
}

/**
 * SMSMKT: `POST /api/send-message` JSON `{message, phone, sender}` with `api_key` and `secret_key` headers; the answer
 * `{code, detail, result}` says "000" when accepted, whatever the HTTP status. No retry key is honoured.
 */
export function smsMktSender(options: SmsMktOptions): SmsSender {
  const doFetch = options.fetch ?? fetch
  const now = options.now ?? (() => new Date())
  return {
    name: 'smsmkt',
    async send(message: SmsMessage) {
      const { response, text } = await postToGateway(
        doFetch,
        `${options.baseUrl}/api/send-message`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', api_key: options.apiKey, secret_key: options.secretKey },
          body: JSON.stringify({ message: message.text, phone: message.to, sender: options.sender }),
        },
        options.timeoutMs,
      )
      const body = parseJson(text)
      const code = body?.code === undefined ? undefined : String(body.code)
      if (code === '000' && response.ok) return
      const kind = code !== undefined && code in SMSMKT_CODES ? SMSMKT_CODES[code]! : response.ok ? 'transient' : failureOfStatus(response.status)
      throw new SmsSendError(`SMSMKT answered ${response.status}${code === undefined ? '' : ` code ${code}`}`, {
        kind: response.status >= 500 && code === undefined ? 'transient' : kind,
        retryAfterMs: retryAfterMs(response.headers.get('retry-after'), now()),
      })
    },
  }
}
