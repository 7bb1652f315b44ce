import { SmsSendError, type SmsMessage, type SmsSender } from './sms.ts'

export interface HttpSmsOptions {
  url: string
  apiKey: string
  sender: string
  timeoutMs: number
  fetch?: typeof fetch
}

/** 0812345678 → 66812345678, the international form gateways expect. */
export function toMsisdn(mobile: string): string {
  return mobile.startsWith('0') ? `66${mobile.slice(1)}` : mobile
}

/**
 * A generic Thai SMS gateway over HTTPS: POST JSON `{sender, msisdn, message}` with
 * `Authorization: Bearer <key>`. Any 2xx is accepted; a body `{success: false}` or `{status: "error"}`
 * is a refusal even with 200, since several gateways answer that way.
 */
export function httpSmsSender(options: HttpSmsOptions): SmsSender {
  const doFetch = options.fetch ?? fetch
  return {
    name: 'http',
    async send(message: SmsMessage) {
      let response: Response
      try {
        response = await doFetch(options.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${options.apiKey}` },
          body: JSON.stringify({ sender: options.sender, msisdn: toMsisdn(message.to), message: message.text }),
          signal: AbortSignal.timeout(options.timeoutMs),
        })
      } catch (cause) {
        throw new SmsSendError('SMS gateway unreachable', { cause })
      }
      const text = await response.text().catch(() => '')
      if (!response.ok) throw new SmsSendError(`SMS gateway answered ${response.status}`)
      let body: unknown = null
      try {
        body = text ? JSON.parse(text) : null
      } catch {
        body = null
      }
      if (body && typeof body === 'object') {
        const b = body as Record<string, unknown>
        if (b.success === false || b.status === 'error') throw new SmsSendError('SMS gateway refused the message')
      }
    },
  }
}
