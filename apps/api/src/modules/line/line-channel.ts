import { ChannelError, type OutboxChannel } from '../outbox/channel.ts'
import { LINE_RECIPIENT, type LineApi } from './line-api.ts'

/**
 * The outbox's LINE channel (ADR 083, 088): a push to a LINE user (a player) or group (the desk), carrying the row's
 * retry key as `X-Line-Retry-Key`, so LINE sends one message however often a crash makes the outbox ask (409: it
 * already has it). A recipient that is not a LINE id is refused for good.
 */
export function lineChannel(api: Pick<LineApi, 'push'>): OutboxChannel {
  return {
    name: 'line',
    // LINE's monthly message quota spent (429 "monthly limit") is the quota's alert, not the SMS credit's (ADR 087).
    alerts: { no_credit: 'LINE_QUOTA', unauthorized: 'LINE_UNAUTHORIZED' },
    async send(delivery) {
      if (!LINE_RECIPIENT.test(delivery.recipient)) throw new ChannelError('not a LINE user or group id', 'permanent')
      await api.push({ to: delivery.recipient, text: delivery.text, retryKey: delivery.retryKey })
    },
  }
}
