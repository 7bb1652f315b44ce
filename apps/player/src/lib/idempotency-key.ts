/**
 * A fresh random key for one money request's `Idempotency-Key`. `crypto.randomUUID` exists only on secure pages
 * (https, localhost); `getRandomValues` everywhere, so a plain-http test server still gets a proper key.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
}
