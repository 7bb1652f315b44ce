import { failureOfStatus, gatewayClient, parseJson, SmsSendError, type GatewayOptions, type SmsFailureKind, type SmsMessage, type SmsSender } from './sms.ts'

export const THAIBULKSMS_URL = 'https://api-v2.thaibulksms.com'

export interface ThaiBulkSmsOptions extends GatewayOptions {
  /** https://api-v2.thaibulksms.com, or the fake gateway's address in tests. */
  baseUrl: string
  apiKey: string
  apiSecret: string
  sender: string
}

/** ThaiBulkSMS names a refusal in `error.name`/`error.description`; these mean the account is out of credit. */
const NO_CREDIT = /credit/i
/** And these that the number cannot receive (ADR 083 maps them permanent). */
const BAD_NUMBER = /msisdn|phone|number|blacklist|block/i

/**
 * ThaiBulkSMS API v2 (ADR 083): `POST /sms`, HTTP Basic with the key and secret, form fields `msisdn`, `message`,
 * `sender`, `force` (`corporate`: the registered sender name). 2xx with a `phone_number_list` is accepted; an answer
 * carries `{error: {code, name, description}}` when refused. The gateway honours no retry key.
 */
export function thaiBulkSmsSender(options: ThaiBulkSmsOptions): Required<SmsSender> {
  const gateway = gatewayClient(options)
  const authorization = `Basic ${Buffer.from(`${options.apiKey}:${options.apiSecret}`).toString('base64')}`
  return {
    name: 'thaibulksms',
    async send(message: SmsMessage) {
      const form = new URLSearchParams({ msisdn: message.to, message: message.text, sender: options.sender, force: 'corporate' })
      const { response, text } = await gateway.call(`${options.baseUrl}/sms`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', authorization, accept: 'application/json' },
        body: form.toString(),
      })
      const body = parseJson(text)
      const error = body?.error && typeof body.error === 'object' ? (body.error as Record<string, unknown>) : null
      const told = error ? `${String(error.name ?? '')} ${String(error.description ?? '')}` : ''
      if (!response.ok || error) {
        const kind: SmsFailureKind =
          response.status === 402 || NO_CREDIT.test(told)
            ? 'no_credit'
            : BAD_NUMBER.test(told)
              ? 'permanent'
              : response.ok
                ? 'transient'
                : failureOfStatus(response.status)
        const code = error?.code === undefined ? '' : ` (${String(error.code)})`
        throw gateway.refusal(`ThaiBulkSMS answered ${response.status}${code}`, response, kind)
      }
      if (!body || !Array.isArray(body.phone_number_list)) throw new SmsSendError(`ThaiBulkSMS answered ${response.status} without a phone_number_list`)
    },
    /** The credit left (GET /credit), for the desk's low-credit alert; unreadable or refused: an SmsSendError. */
    async credit() {
      const { response, text } = await gateway.call(`${options.baseUrl}/credit`, { method: 'GET', headers: { authorization, accept: 'application/json' } })
      const body = parseJson(text)
      // A number, or digits in a string; anything else (null, "", an HTML page) is unread, never a credit of 0.
      const told = body?.remaining_credit ?? body?.credit
      const credit = typeof told === 'number' || (typeof told === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(told)) ? Number(told) : NaN
      if (!response.ok || !Number.isFinite(credit))
        throw new SmsSendError(`ThaiBulkSMS credit answered ${response.status}`, { kind: failureOfStatus(response.status) })
      return credit
    },
  }
}
