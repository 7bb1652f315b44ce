import { failureOfStatus, gatewayClient, parseJson, type GatewayOptions, type SmsFailureKind, type SmsMessage, type SmsSender } from './sms.ts'

export const SMSMKT_URL = 'https://portal-otp.smsmkt.com'

export interface SmsMktOptions extends GatewayOptions {
  /** https://portal-otp.smsmkt.com, or the fake gateway's address in tests. */
  baseUrl: string
  apiKey: string
  secretKey: string
  sender: string
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
  const gateway = gatewayClient(options)
  return {
    name: 'smsmkt',
    async send(message: SmsMessage) {
      const { response, text } = await gateway.call(`${options.baseUrl}/api/send-message`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', api_key: options.apiKey, secret_key: options.secretKey },
        body: JSON.stringify({ message: message.text, phone: message.to, sender: options.sender }),
      })
      const body = parseJson(text)
      const code = body?.code === undefined ? undefined : String(body.code)
      if (code === '000' && response.ok) return
      const kind = code !== undefined && code in SMSMKT_CODES ? SMSMKT_CODES[code]! : response.ok ? 'transient' : failureOfStatus(response.status)
      const answered = `SMSMKT answered ${response.status}${code === undefined ? '' : ` code ${code}`}`
      throw gateway.refusal(answered, response, response.status >= 500 && code === undefined ? 'transient' : kind)
    },
  }
}
