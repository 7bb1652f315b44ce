import { failureOfStatus, gatewayClient, parseJson, SmsSendError, toMsisdn, type GatewayOptions, type SmsMessage, type SmsSender } from './sms.ts'

export { toMsisdn } from './sms.ts'

export interface HttpSmsOptions extends GatewayOptions {
  url: string
  apiKey: string
  sender: string
}

/**
 * A generic Thai SMS gateway over HTTPS: POST JSON `{sender, msisdn, message}` with
 * `Authorization: Bearer <key>` (and `Idempotency-Key`, the outbox's retry key, for a gateway that honours it). Any
 * 2xx is accepted; a body `{success: false}` or `{status: "error"}` is a refusal even with 200, since several gateways
 * answer that way. A 4xx other than 401/403/408/429 is permanent (ADR 083).
 */
export function httpSmsSender(options: HttpSmsOptions): SmsSender {
  const gateway = gatewayClient(options)
  return {
    name: 'http',
    async send(message: SmsMessage) {
      const { response, text } = await gateway.call(options.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${options.apiKey}`,
          ...(message.retryKey ? { 'idempotency-key': message.retryKey } : {}),
        },
        body: JSON.stringify({ sender: options.sender, msisdn: toMsisdn(message.to), message: message.text }),
      })
      if (!response.ok) throw gateway.refusal(`SMS gateway answered ${response.status}`, response, failureOfStatus(response.status))
      const body = parseJson(text)
      if (body && (body.success === false || body.status === 'error')) throw new SmsSendError('SMS gateway refused the message')
    },
  }
}
