import { failureOfStatus, parseJson, postToGateway, retryAfterMs, SmsSendError, toMsisdn, type SmsMessage, type SmsSender } from './sms.ts'

export { toMsisdn } from './sms.ts'

export interface HttpSmsOptions {
  url: string
  apiKey: string
  sender: string
  timeoutMs: number
  fetch?: typeof fetch
  now?: () => Date
}

/**
 * A generic Thai SMS gateway over HTTPS: POST JSON `{sender, msisdn, message}` with
 * `Authorization: Bearer <key>` (and `Idempotency-Key`, the outbox's retry key, for a gateway that honours it). Any
 * 2xx is accepted; a body `{success: false}` or `{status: "error"}` is a refusal even with 200, since several gateways
 * answer that way. A 4xx other than 401/403/408/429 is permanent (ADR 083).
 */
export function httpSmsSender(options: HttpSmsOptions): SmsSender {
  const doFetch = options.fetch ?? fetch
  const now = options.now ?? (() => new Date())
  return {
    name: 'http',
    async send(message: SmsMessage) {
      const { response, text } = await postToGateway(
        doFetch,
        options.url,
        {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${options.apiKey}`,
            ...(message.retryKey ? { 'idempotency-key': message.retryKey } : {}),
          },
          body: JSON.stringify({ sender: options.sender, msisdn: toMsisdn(message.to), message: message.text }),
        },
        options.timeoutMs,
      )
      if (!response.ok)
        throw new SmsSendError(`SMS gateway answered ${response.status}`, {
          kind: failureOfStatus(response.status),
          retryAfterMs: retryAfterMs(response.headers.get('retry-after'), now()),
        })
      const body = parseJson(text)
      if (body && (body.success === false || body.status === 'error')) throw new SmsSendError('SMS gateway refused the message')
    },
  }
}
