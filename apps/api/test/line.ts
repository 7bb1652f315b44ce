import { afterAll, beforeAll, expect } from 'vitest'
import type { TestApp } from './app.ts'
import { fakeLineServer, lineEvent, type FakeLineServer } from './fakes/line-server.ts'

/** The channel secret the tests' LINE signs its webhooks with. */
export const LINE_TEST_SECRET = 'line-channel-secret-of-this-site'

/** The settings that turn LINE on against the fake LINE server (ADR 088). */
export function lineConfig(fake: Pick<FakeLineServer, 'url' | 'accountLinkUrl'>, extra: Record<string, string> = {}): Record<string, string> {
  return {
    LINE_CHANNEL_SECRET: LINE_TEST_SECRET,
    LINE_CHANNEL_ACCESS_TOKEN: 'long-lived-channel-access-token',
    LINE_API_URL: fake.url,
    LINE_ACCOUNT_LINK_URL: fake.accountLinkUrl,
    LINE_LINK_PAGE_URL: 'http://localhost/line/link',
    LINE_ADD_FRIEND_URL: 'https://line.me/R/ti/p/@sanam-demo',
    ...extra,
  }
}

/** A fake LINE for the file's tests, started before the app (give `() => ({ config: lineConfig(line()) })` to useTestApp). */
export function useFakeLine(): () => FakeLineServer {
  let fake: FakeLineServer | undefined
  beforeAll(async () => {
    fake = await fakeLineServer({ channelSecret: LINE_TEST_SECRET, quota: { limit: 500, used: 400 } })
  })
  afterAll(async () => fake?.close())
  return () => {
    if (!fake) throw new Error('the fake LINE is used before it started')
    return fake
  }
}

/** Posts a body to the app's webhook as LINE would, with this signature; answers the response. */
export async function postWebhook(t: TestApp, body: string, signature: string | undefined) {
  return t.request('POST', '/api/line/webhook', {
    payload: body,
    headers: { 'content-type': 'application/json', ...(signature === undefined ? {} : { 'x-line-signature': signature }) },
  })
}

/** Makes the fake LINE deliver its webhook events to this app (through inject), failing loudly on a refusal. */
export function deliverToApp(t: TestApp, fake: FakeLineServer) {
  fake.deliverTo(async (body, signature) => {
    const res = await postWebhook(t, body, signature)
    expect(res.statusCode, res.body).toBe(200)
    await t.services.line.idle()
  })
}

/** The LINE user writes to the Official Account; answers the link token of the link Sanam replied with. */
export async function linkTokenFor(t: TestApp, fake: FakeLineServer, userId: string): Promise<string> {
  await fake.send(lineEvent(userId, { type: 'message' }))
  const reply = fake.replies().at(-1) ?? ''
  const token = /linkToken=([A-Za-z0-9_-]+)/.exec(reply)?.[1]
  if (!token) throw new Error(`no link in the reply: ${reply}`)
  return token
}

/** The whole link: the user writes, the signed-in player confirms, LINE's dialog sends the accountLink event. */
export async function linkLine(t: TestApp, fake: FakeLineServer, token: string, userId: string) {
  const linkToken = await linkTokenFor(t, fake, userId)
  const res = await t.post('/api/line/link', { link_token: linkToken }, token)
  expect(res.statusCode, res.body).toBe(200)
  await openDialog(res.json().data.redirect_url)
}

/** The browser at LINE's account-link dialog (the fake's): it sends the accountLink event and redirects. */
export async function openDialog(url: string) {
  const res = await fetch(url, { redirect: 'manual' })
  expect([302, 400]).toContain(res.status)
  return res.status
}
