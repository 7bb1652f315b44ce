import { v4 } from 'uuid'

/**
 * A fresh random UUID (v4): a device id, an idempotency key, a request id. From the `uuid` package, which uses
 * `crypto.randomUUID` where the page may (https, localhost) and `crypto.getRandomValues` elsewhere: `randomUUID`
 * alone does not exist on a plain-http address such as a test server on the office Wi-Fi, where sign-in failed.
 */
export function randomId(): string {
  return v4()
}
