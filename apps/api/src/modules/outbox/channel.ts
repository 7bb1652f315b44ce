import type { DeskAlertKind } from '@sanam/contract'
import { SmsSendError, type SmsSender } from '../sms/sms.ts'
import { LINK_IN_TEXT } from './templates.ts'

/** One message as a channel sends it. `retryKey` is the same on every attempt (the row's idempotency key). */
export interface Delivery {
  recipient: string
  text: string
  retryKey: string
  /** The code and its reference, for the demo's console outbox only (SMS_PROVIDER=console); gateways ignore it. */
  otp?: { code: string; ref: string }
}

/**
 * Why a channel did not take a message (ADR 083): `transient` is tried again with back-off, `rate_limited` after
 * `retryAfterMs`, `permanent` never again, `no_credit` and `unauthorized` again later with an alert to the desk.
 */
export type ChannelFailureKind = 'transient' | 'rate_limited' | 'permanent' | 'no_credit' | 'unauthorized'

export class ChannelError extends Error {
  constructor(
    message: string,
    readonly kind: ChannelFailureKind,
    readonly retryAfterMs?: number,
  ) {
    super(message)
    this.name = 'ChannelError'
  }
}

/**
 * The port every outbox channel implements: SMS today, LINE for players and the desk later (issue 38 §3-§4). `send`
 * resolves when the channel accepted the message, or answered that it already had one with this retry key (LINE's
 * 409); it throws a ChannelError otherwise (anything else thrown counts as transient).
 */
export interface OutboxChannel {
  readonly name: string
  /**
   * The desk alert its `no_credit` and `unauthorized` failures raise (ADR 087): the channel's own kinds, so the alert says
   * what to do about this channel (an SMS gateway's credit is not LINE's monthly quota).
   */
  readonly alerts: ChannelAlertKinds
  send(delivery: Delivery): Promise<void>
}

/** Which desk alert a channel raises when it is out of credit and when it refuses our key. */
export interface ChannelAlertKinds {
  no_credit: DeskAlertKind
  unauthorized: DeskAlertKind
}

/** The SMS gateways' alerts: their credit ran out, or they refuse our key. */
export const SMS_ALERTS: ChannelAlertKinds = { no_credit: 'SMS_NO_CREDIT', unauthorized: 'SMS_UNAUTHORIZED' }

/** SMS through the configured gateway (console, http, thaibulksms, smsmkt). A text with a URL is refused for good. */
export function smsChannel(sender: SmsSender): OutboxChannel {
  return {
    name: 'sms',
    alerts: SMS_ALERTS,
    async send(delivery) {
      if (LINK_IN_TEXT.test(delivery.text)) throw new ChannelError('an SMS may not carry a web address', 'permanent')
      try {
        await sender.send({ to: delivery.recipient, text: delivery.text, retryKey: delivery.retryKey, ...(delivery.otp ? { otp: delivery.otp } : {}) })
      } catch (error) {
        if (error instanceof SmsSendError) throw new ChannelError(error.message, error.kind, error.retryAfterMs)
        throw new ChannelError('the SMS gateway failed', 'transient')
      }
    },
  }
}
