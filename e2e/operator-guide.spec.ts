// The operator guide (docs/operator-guide.md, issue 35 §4) followed in Chromium, as an operator would: a production
// install (SANAM_MODE=production on the embedded database, every secret its own, SMS through an HTTP gateway, two
// owners named in BACKOFFICE_OWNERS, the back-office on a desk origin of its own), the owners' first sign-ins from
// the passwords their phones received, two finance operators each proposed by one owner and approved by the other,
// the 24 hours a new operator waits (the server's clock set a day back for the onboarding, as seasonedOperators does),
// a pay-in account proposed by one finance operator and activated by the other, a player who registers on a phone
// and deposits (the signed bank feed credits it), a withdrawal paid by finance, and the day's report. It writes the
// guide's screenshots into docs/operator-guide/ and scans each screen with axe-core.
import { randomBytes } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Secret, TOTP } from 'otpauth'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DESK_HOST, launchBrowser, newDesktopContext, newPhoneContext } from './support/browser.ts'
import { bankSignature, call } from './support/http.ts'
import { SEASONED_MS } from './support/operator.ts'
import { atPath } from './support/page.ts'
import { guideShot } from './support/guide.ts'
import { openReportForToday, openReportsScreen } from './support/reports.ts'
import { freePort, shiftedClockEnv, startServer, type RunningServer } from './support/server.ts'

const secret = () => randomBytes(32).toString('hex')

/** What the fake SMS gateway received, as a gateway's customer log would show it. */
interface Sms {
  sender: string
  msisdn: string
  message: string
}

/** A small SMS gateway on 127.0.0.1: it takes `{sender, msisdn, message}` with the bearer key, as http-sms.ts sends. */
async function fakeGateway(key: string): Promise<{ url: string; messages: Sms[]; close: () => Promise<void> }> {
  const messages: Sms[] = []
  const server: Server = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')))
    request.on('end', () => {
      if (request.headers.authorization !== `Bearer ${key}`) {
        response.writeHead(401).end('{"success":false}')
        return
      }
      messages.push(JSON.parse(body) as Sms)
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"success":true}')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  if (address === null || typeof address === 'string') throw new Error('the fake SMS gateway did not listen')
  return { url: `http://127.0.0.1:${address.port}/send`, messages, close: () => new Promise((resolve) => server.close(() => resolve())) }
}

const msisdn = (phone: string) => `66${phone.slice(1)}`

/** The last message the gateway was asked to send to `phone` that matches `pattern`; its first group. Fails loudly. */
function lastSms(messages: Sms[], phone: string, pattern: RegExp): string {
  const found = messages.filter((m) => m.msisdn === msisdn(phone)).flatMap((m) => pattern.exec(m.message)?.[1] ?? [])
  const last = found.at(-1)
  if (!last) throw new Error(`no SMS to ${phone} matching ${pattern}; the gateway received ${JSON.stringify(messages)}`)
  return last
}
const operatorPassword = (messages: Sms[], phone: string) => lastSms(messages, phone, /คือ ([2-9A-Z]{16}) /)
const playerOtp = (messages: Sms[], phone: string) => lastSms(messages, phone, /รหัส OTP ของคุณคือ (\d{6}) /)

/** A Thai mobile of its own for each person. */
const newPhone = (prefix: '08' | '09' | '06') => `${prefix}${String(randomBytes(4).readUInt32BE() % 100_000_000).padStart(8, '0')}`

const OWNER_A = { username: 'somchai.owner', phone: newPhone('08'), password: 'somchai-own-pass-2026' }
const OWNER_B = { username: 'malee.owner', phone: newPhone('09'), password: 'malee-own-pass-2026' }
const FINANCE_A = { username: 'finance.nok', phone: newPhone('08'), password: 'nok-own-pass-2026', totp: '' }
const FINANCE_B = { username: 'finance.ploy', phone: newPhone('06'), password: 'ploy-own-pass-2026', totp: '' }
const PLAYER = { mobile: newPhone('09'), password: 'player-pass-1', account: String(1_000_000_000 + (randomBytes(4).readUInt32BE() % 8_999_999_999)) }
const PAY_IN = { account: '1234567890', name: 'บจก. สนาม ทดสอบ' }

let gateway: Awaited<ReturnType<typeof fakeGateway>>
let dataDir = ''
let port = 0
let deskUrl = ''
let env: Record<string, string> = {}
let server: RunningServer | undefined
let browser: Browser
/** Set once day one's onboarding has passed: the next day needs its operators. */
let onboarded = false
const contexts: BrowserContext[] = []

beforeAll(async () => {
  const key = `gateway-key-${randomBytes(8).toString('hex')}`
  gateway = await fakeGateway(key)
  dataDir = await mkdtemp(path.join(tmpdir(), 'sanam-guide-'))
  port = await freePort()
  deskUrl = `http://${DESK_HOST}:${port}`
  env = {
    SANAM_MODE: 'production',
    NODE_ENV: 'production',
    AUDIT_HMAC_KEY: secret(),
    DEVICE_TOKEN_SECRET: secret(),
    TOTP_ENCRYPTION_KEY: secret(),
    BANK_WEBHOOK_SECRET: secret(),
    SEAMLESS_SECRET: secret(),
    SMS_PROVIDER: 'http',
    SMS_HTTP_URL: gateway.url,
    SMS_HTTP_KEY: key,
    SMS_SENDER: 'SANAM',
    OTP_REQUIRED: 'true',
    BACKOFFICE_OWNERS: `${OWNER_A.username}:${OWNER_A.phone},${OWNER_B.username}:${OWNER_B.phone}`,
    BACKOFFICE_ORIGIN: deskUrl,
  }
  browser = await launchBrowser()
}, 120_000)

afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close().catch(() => undefined)))
  await browser?.close()
  await server?.stop()
  await gateway?.close()
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
})

async function desk(): Promise<Page> {
  const context = await newDesktopContext(browser, deskUrl)
  contexts.push(context)
  return context.newPage()
}

async function phone(baseUrl: string): Promise<Page> {
  const context = await newPhoneContext(browser, baseUrl)
  contexts.push(context)
  return context.newPage()
}

/** A TOTP code of the server's time (`offsetMs` behind real time while onboarding), as the operator's app shows it. */
const totpCode = (totpSecret: string, offsetMs = 0) => new TOTP({ secret: Secret.fromBase32(totpSecret) }).generate({ timestamp: Date.now() + offsetMs })

/** Types username and password on the desk's sign-in page. */
async function typeSignIn(page: Page, username: string, password: string) {
  await page.goto('/backoffice/')
  await page.getByRole('heading', { name: 'เข้าสู่ระบบหลังบ้าน' }).waitFor()
  await page.getByLabel('ชื่อผู้ใช้').fill(username)
  await page.getByLabel('รหัสผ่าน', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'เข้าสู่ระบบ' }).click()
}

/**
 * A first sign-in (ADR 070): the one-time password from the operator's own phone, a password of its own, TOTP enrolled
 * from the QR page. `shots`: the guide's screenshots' prefix. Answers the TOTP secret.
 */
async function firstSignIn(page: Page, who: { username: string; phone: string; password: string }, offsetMs: number, shots?: string): Promise<string> {
  const oneTime = operatorPassword(gateway.messages, who.phone)
  await typeSignIn(page, who.username, oneTime)
  await page.getByText('รหัสผ่านชั่วคราวที่ได้รับทาง SMS ใช้ได้ครั้งเดียว กรุณาตั้งรหัสผ่านใหม่ที่มีเพียงคุณที่รู้').waitFor()
  await page.getByLabel('ตั้งรหัสผ่านใหม่ของคุณ (อย่างน้อย 12 ตัวอักษร)').fill(who.password)
  if (shots) await guideShot(page, `${shots}-new-password`)
  await page.getByRole('button', { name: 'ตั้งรหัสผ่านและเข้าสู่ระบบ' }).click()
  await page.getByRole('heading', { name: 'ตั้งค่าการยืนยันตัวตนสองขั้นตอน' }).waitFor()
  await page.getByRole('img', { name: 'คิวอาร์โค้ดสำหรับตั้งค่าแอปยืนยันตัวตน' }).waitFor()
  if (shots) await guideShot(page, `${shots}-totp`)
  const totpSecret = (await page.locator('.enrol__secret').textContent())!.replace(/\s/g, '')
  await page.getByLabel('2. กรอกรหัส 6 หลักที่แอปแสดงเพื่อยืนยัน').fill(totpCode(totpSecret, offsetMs))
  await page.getByRole('button', { name: 'ยืนยันการตั้งค่า' }).click()
  await page.getByRole('heading', { name: 'ภาพรวม' }).waitFor()
  return totpSecret
}

/** An owner proposes a finance operator with its own phone on the operators page. */
async function propose(page: Page, operator: { username: string; phone: string }, shots?: string) {
  await page.getByRole('link', { name: 'ผู้ใช้งานหลังบ้าน' }).click()
  await page.getByRole('button', { name: 'เพิ่มผู้ใช้งาน' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel('ชื่อผู้ใช้').fill(operator.username)
  await dialog.getByLabel('เบอร์โทรศัพท์ของผู้ใช้งาน (รับรหัสผ่านชั่วคราวทาง SMS)').fill(operator.phone)
  await dialog.getByLabel('บทบาท').selectOption('finance')
  if (shots) await guideShot(page, `${shots}-dialog`, dialog)
  await dialog.getByRole('button', { name: 'บันทึก' }).click()
  await page.getByText('บันทึกคำขอแล้ว การเปลี่ยนแปลงจะมีผลเมื่อเจ้าของระบบอีกคนอนุมัติ').waitFor()
  if (shots) await guideShot(page, `${shots}-request`)
}

/** The other owner checks the request (the phone is the new operator's own) and approves it. */
async function approve(page: Page, operator: { username: string; phone: string }, shots?: string) {
  // A page opened before the request was made shows it once reloaded (as an owner told of it would).
  await page.reload()
  await page.getByRole('link', { name: 'ผู้ใช้งานหลังบ้าน' }).click()
  const waiting = page.getByRole('table', { name: 'คำขอที่รอเจ้าของระบบอีกคนอนุมัติ' }).getByRole('row').filter({ hasText: operator.username })
  await waiting.getByRole('cell', { name: `การเงิน · ${operator.phone}` }).waitFor()
  if (shots) await guideShot(page, `${shots}-approve`)
  await waiting.getByRole('button', { name: `อนุมัติ ${operator.username}` }).click()
  await page.getByText('อนุมัติคำขอแล้ว การเปลี่ยนแปลงมีผลแล้ว').waitFor()
  await page.getByRole('table', { name: 'ผู้ใช้งานหลังบ้าน' }).getByRole('cell', { name: operator.username, exact: true }).waitFor()
}

/** A signed-in finance operator's desk page, by typing password and the code of its app. */
async function financeDesk(operator: typeof FINANCE_A): Promise<Page> {
  const page = await desk()
  await typeSignIn(page, operator.username, operator.password)
  await page.getByLabel('รหัสยืนยัน 6 หลักจากแอปยืนยันตัวตน').fill(totpCode(operator.totp))
  await page.getByRole('button', { name: 'เข้าสู่ระบบ' }).click()
  await page.getByRole('heading', { name: 'ภาพรวม' }).waitFor()
  return page
}

describe('the operator guide, followed on a production install', () => {
  it('day one: two owners sign in from their phones, and each proposes a finance operator the other approves', { timeout: 180_000 }, async () => {
    // The onboarding happens a day before the money: the server's clock a day back (e2e/support/clock-offset.mjs),
    // so that the finance operators are past their 24 hours (ADR 036) when the server runs on real time next.
    const offset = -SEASONED_MS
    server = await startServer({ dataDir, port, env: { ...env, ...shiftedClockEnv(offset) } })
    // Set-up sent each owner a one-time password, to its own phone only.
    expect(gateway.messages.map((m) => m.msisdn).sort()).toEqual([msisdn(OWNER_A.phone), msisdn(OWNER_B.phone)].sort())
    expect(gateway.messages.every((m) => m.sender === 'SANAM')).toBe(true)

    const a = await desk()
    await a.goto('/backoffice/')
    await a.getByRole('heading', { name: 'เข้าสู่ระบบหลังบ้าน' }).waitFor()
    await guideShot(a, 'sign-in')
    await firstSignIn(a, OWNER_A, offset, 'owner')
    await guideShot(a, 'dashboard', 'viewport')
    const b = await desk()
    await firstSignIn(b, OWNER_B, offset)

    await propose(a, FINANCE_A, 'propose')
    await approve(b, FINANCE_A, 'owner')
    await propose(b, FINANCE_B)
    await approve(a, FINANCE_B)
    await guideShot(a, 'operators')

    // Each finance operator's phone received its own one-time password, once approved.
    FINANCE_A.totp = await firstSignIn(await desk(), FINANCE_A, offset)
    FINANCE_B.totp = await firstSignIn(await desk(), FINANCE_B, offset)
    await server.stop()
    server = undefined
    onboarded = true
  })

  it('the next day: a pay-in account under two finance operators, a player’s deposit, a payout and the report', { timeout: 180_000 }, async () => {
    if (!onboarded) throw new Error('day one failed (see its error): there are no finance operators to follow the guide with')
    server = await startServer({ dataDir, port, env })
    const playerUrl = server.baseUrl

    // The pay-in account: proposed by one finance operator, activated by the other.
    const nok = await financeDesk(FINANCE_A)
    await nok.getByRole('link', { name: 'บัญชีรับเงินฝาก' }).click()
    await nok.getByRole('heading', { name: 'บัญชีรับเงินฝาก' }).waitFor()
    await nok.getByRole('button', { name: 'เสนอบัญชีใหม่' }).click()
    const dialog = nok.getByRole('dialog')
    await dialog.getByLabel('ธนาคาร').selectOption('014')
    await dialog.getByLabel('เลขบัญชี').fill(PAY_IN.account)
    await dialog.getByLabel('ชื่อบัญชี').fill(PAY_IN.name)
    await guideShot(nok, 'pay-in-propose', dialog)
    await dialog.getByRole('button', { name: 'บันทึก' }).click()
    const own = nok.getByRole('row').filter({ hasText: PAY_IN.account })
    await own.getByText('คุณเป็นผู้เสนอรายการนี้เอง จึงอนุมัติบัญชีรับเงินฝากเองไม่ได้', { exact: false }).waitFor()
    const ploy = await financeDesk(FINANCE_B)
    await ploy.getByRole('link', { name: 'บัญชีรับเงินฝาก' }).click()
    const pending = ploy.getByRole('row').filter({ hasText: PAY_IN.account })
    await guideShot(ploy, 'pay-in-pending')
    await pending.getByRole('button', { name: `เปิดใช้งาน ${PAY_IN.account}` }).click()
    await pending.getByText('ใช้งานอยู่').waitFor()
    await guideShot(ploy, 'pay-in-active')

    // A player registers on a phone with the SMS code the gateway carried, and signs in.
    const player = await phone(playerUrl)
    await player.goto('/register')
    await player.getByLabel('เบอร์โทรศัพท์').fill(PLAYER.mobile)
    await player.getByLabel('รหัสผ่าน', { exact: true }).fill(PLAYER.password)
    await player.getByLabel('ชื่อ', { exact: true }).fill('มานี')
    await player.getByLabel('นามสกุล').fill('ใจดี')
    await player.getByRole('button', { name: /^ธนาคาร/ }).tap()
    await player
      .getByRole('dialog', { name: 'เลือกธนาคาร' })
      .getByRole('button', { name: /ธนาคารกสิกรไทย/ })
      .tap()
    await player.getByLabel('เลขบัญชี').fill(PLAYER.account)
    await player.getByRole('checkbox', { name: 'ฉันมีอายุ 20 ปีขึ้นไป' }).check()
    await player.getByRole('checkbox', { name: /ฉันได้อ่านและยอมรับ/ }).check()
    await player.getByRole('button', { name: 'สมัครสมาชิก' }).tap()
    await player.getByRole('heading', { level: 1, name: 'ยืนยันรหัส OTP' }).waitFor()
    await player.getByLabel('รหัส OTP', { exact: true }).fill(playerOtp(gateway.messages, PLAYER.mobile))
    await player.getByRole('button', { name: 'ยืนยัน' }).tap()
    await atPath(player, '/login', 15_000)
    await player.getByLabel('รหัสผ่าน', { exact: true }).fill(PLAYER.password)
    await player.getByRole('button', { name: 'เข้าสู่ระบบ' }).tap()
    await player.getByRole('heading', { level: 1, name: 'สวัสดี คุณมานี' }).waitFor()

    // The deposit page shows the account the two finance operators activated; the player transfers to it.
    await player.goto('/deposit')
    const target = player.getByTestId('target-bank')
    await target.getByText('123-4-56789-0').waitFor()
    await guideShot(player, 'player-deposit', target)

    // The bank's feed reports the transfer, signed with BANK_WEBHOOK_SECRET (docs/api.md): it is credited at once.
    const transfer = JSON.stringify({
      external_id: `guide-${randomBytes(4).toString('hex')}`,
      to_account: PAY_IN.account,
      from_bank_code: '004',
      from_account: PLAYER.account,
      amount: 500,
      occurred_at: new Date().toISOString(),
    })
    const credited = await call(playerUrl, 'POST', '/api/bank/transfers', {
      raw: transfer,
      headers: bankSignature(transfer, undefined, env.BANK_WEBHOOK_SECRET),
    })
    expect(credited.status, JSON.stringify(credited.body)).toBe(200)
    expect(credited.body.data).toMatchObject({ status: 'MATCHED' })

    // The player asks for 200 baht back.
    await player.goto('/')
    await player.getByTestId('balance').getByText('500', { exact: false }).waitFor()
    await player.getByRole('link', { name: 'ถอนเงิน' }).tap()
    await player.getByLabel('จำนวนเงินที่ต้องการถอน (บาท)').fill('200')
    await player.getByRole('button', { name: 'ยืนยัน' }).tap()
    await player.locator('.toast--success', { hasText: 'ได้รับคำขอถอนเงินแล้ว' }).waitFor()

    // Finance pays it from the withdrawal queue, with the reference of the bank transfer it made.
    await nok.getByRole('link', { name: 'คิวอนุมัติการถอน' }).click()
    await nok.getByRole('heading', { name: 'คิวอนุมัติการถอน' }).waitFor()
    const row = nok.getByRole('row').filter({ hasText: '฿200.00' })
    await guideShot(nok, 'withdrawal-queue')
    await row.getByRole('button', { name: /^อนุมัติ #/ }).click()
    await nok.getByRole('dialog').getByLabel('เลขอ้างอิงการโอน').fill('KBANK-PAYOUT-0001')
    await guideShot(nok, 'withdrawal-approve', nok.getByRole('dialog'))
    await nok.getByRole('dialog').getByRole('button', { name: 'อนุมัติ' }).click()
    await nok.getByText('อนุมัติการถอนแล้ว').waitFor()

    // The day's report: 500 in, 200 out.
    await openReportsScreen(ploy)
    await openReportForToday(ploy, 'ฝาก-ถอนรายวัน')
    const today = ploy.getByRole('table', { name: 'ฝาก-ถอนรายวัน' }).getByRole('row').filter({ hasText: '฿500.00' })
    expect(await today.textContent()).toContain('฿200.00')
    await guideShot(ploy, 'report')

    // The daily duties: the deposit exceptions queue and the day's reconciliation.
    await ploy.getByRole('link', { name: 'รายการฝากผิดปกติ' }).click()
    await ploy.getByRole('heading', { level: 1, name: 'รายการฝากผิดปกติ' }).waitFor()
    await guideShot(ploy, 'exceptions')
    await ploy.getByRole('link', { name: 'กระทบยอดรายวัน' }).click()
    await ploy.getByRole('heading', { level: 1, name: 'กระทบยอดรายวัน' }).waitFor()
    await ploy.getByRole('heading', { level: 3, name: `014 · ${PAY_IN.account} · ${PAY_IN.name}` }).waitFor()
    await guideShot(ploy, 'reconciliation')
  })
})
