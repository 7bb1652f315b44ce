import { createHash } from 'node:crypto'

/** A stable UUID for an event's message on a channel (the row's retry key, LINE's X-Line-Retry-Key). */
export function eventRetryKey(channel: string, eventKey: string): string {
  const hex = createHash('sha256').update(`${channel}:${eventKey}`).digest('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${((parseInt(hex[16]!, 16) & 3) | 8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`
}
