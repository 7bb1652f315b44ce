import { th, type MessageKey } from './th.ts'

export type { MessageKey }

/**
 * The text for `key`, with `{name}` placeholders filled from `params`.
 * Thai is the only language today; a second one becomes a `Record<MessageKey, string>` chosen here.
 */
export function t(key: MessageKey, params?: Record<string, string | number>): string {
  const text: string = th[key]
  if (!params) return text
  return text.replace(/\{(\w+)\}/g, (placeholder, name: string) => String(params[name] ?? placeholder))
}
