// The money desk in the operator app (issue 18 §1, §3, §9; ADR 035, ADR 036) on a real server, in Chromium at 1366×900,
// by tapping: a manual deposit by one finance operator waits, a second finance operator approves it in the approvals
// queue and the member's balance shows it; a manual claim contradicted by a signed bank-feed transfer with the same
// reference from another member's account becomes an exception, counted on the dashboard and resolved with a reason by
// a finance operator; the day's reconciliation, which the owner reads (owners decide no money, ADR 036). A screenshot
// and an axe-core scan of each new screen.
import { beforeAll, describe, expect, it } from 'vitest'
import { shot } from './support/browser.ts'
import { deskScreen } from './support/desk.ts'
import { call, postBankTransfer } from './support/http.ts'
import { faultEnv, payInAccount, registerPlayers, transferBody, type Player } from './support/money.ts'
import { staffedMoneyDesk } from './support/money-desk.ts'
import { onboardOperator, operatorToken } from './support/operator.ts'
import { expectAccessible } from './support/page.ts'
import { useBrowserSuite } from './support/suite.ts'

// A server of its own: a high four-eyes amount (what waits here waits for the policy's other reasons: an unconfirmed
// manual deposit), the dashboard counts everything on it, and two finance operators set up a day before (ADR 036).
const desk = staffedMoneyDesk({ ...faultEnv(), BACKOFFICE_FOUR_EYES_BAHT: '100000' }, 2)
const suite = useBrowserSuite({ server: desk.start })
let players: Player[]
let toAccount: string
/** Finance operator A (records) and B (approves, resolves): both may decide money, neither created the other. */
let kanya: string
let somchai: string

beforeAll(async () => {
  players = await registerPlayers(suite.baseUrl, 2, '73')
  toAccount = await payInAccount(suite.baseUrl, players[0]!)
  const funded = await postBankTransfer(suite.baseUrl, transferBody('md-e2e-funding', toAccount, players[0]!, 1_000_00))
  expect(funded.body.data).toMatchObject({ status: 'MATCHED' })
  kanya = await operatorToken(suite.baseUrl, desk.finance[0]!)
  somchai = await operatorToken(suite.baseUrl, desk.finance[1]!)
}, 120_000)

const balance = async (player: Player) =>
  (await call<{ balance: number }>(suite.baseUrl, 'GET', '/api/wallet/v2/balance', { token: player.token })).body.data.balance

describe('the money desk', () => {
  it('a manual deposit by a finance operator waits for a second one, who approves it in the approvals queue; then the member has it', async () => {
    const member = players[0]!
    const before = await balance(member)
    const requester = await deskScreen(suite, kanya)
    await requester.getByRole('link', { name: 'รายการฝาก', exact: true }).click()
    await requester.getByRole('button', { name: 'บันทึกรายการฝากด้วยตนเอง' }).click()
    const dialog = requester.getByRole('dialog')
    await dialog.getByText('ระบบยังไม่เติมเครดิตทันที', { exact: false }).waitFor()
    await dialog.getByLabel('เบอร์โทรศัพท์ของสมาชิก').fill(member.mobile)
    await dialog.getByLabel('จำนวนเงิน').fill('500')
    await dialog.getByLabel('เลขอ้างอิงธนาคาร').fill('KBANK-md-500')
    await dialog.getByLabel('หมายเหตุ (บังคับ)').fill('สมาชิกส่งสลิปทางไลน์')
    await dialog.getByRole('button', { name: 'บันทึกรายการฝาก' }).click()
    // The answer stays on the screen: recorded, waiting, and why; nothing says the member was credited.
    const outcome = requester.getByRole('status', { name: 'ผลการทำรายการล่าสุด' })
    await outcome.getByText('จะเติมเครดิตเมื่อรายการจากธนาคารยืนยัน', { exact: false }).waitFor()
    expect(await outcome.textContent()).toContain('ยังไม่มีรายการจากธนาคารยืนยันการโอนนี้')
    expect(await outcome.textContent()).not.toContain('เติมเครดิตให้สมาชิกแล้ว')
    await expectAccessible(requester, 'deposits with a waiting manual deposit')
    await shot(requester, 'backoffice-money-desk-manual-waiting')
    expect(await balance(member)).toBe(before)

    // The requester's own item: the approve button is disabled, saying another operator must approve.
    await outcome.getByRole('link', { name: 'ดูคิวอนุมัติรายการเงิน' }).click()
    await requester.getByRole('heading', { name: 'คิวอนุมัติรายการเงิน' }).waitFor()
    const row = requester.getByRole('row').filter({ hasText: 'KBANK-md-500' })
    await row.getByText('ยังไม่มีรายการจากธนาคารยืนยันการโอนนี้').waitFor()
    const own = row.getByRole('button', { name: /^อนุมัติ #/ })
    expect(await own.isDisabled()).toBe(true)
    await row.getByText('คุณเป็นผู้เสนอรายการนี้เอง จึงอนุมัติรายการเงินเองไม่ได้ รอฝ่ายการเงินอีกคนที่ไม่ใช่ผู้เสนอ').waitFor()
    expect(await row.textContent()).toContain(desk.finance[0]!.username)
    expect(await row.textContent()).toContain(member.mobile)
    expect(await row.textContent()).toContain('฿500.00')
    await expectAccessible(requester, 'approvals (own request)')
    await shot(requester, 'backoffice-money-desk-approvals-own')

    // The second finance operator approves it on the same screen.
    const approver = await deskScreen(suite, somchai)
    await approver.getByRole('link', { name: 'คิวอนุมัติรายการเงิน' }).click()
    await approver.getByRole('heading', { name: 'คิวอนุมัติรายการเงิน' }).waitFor()
    const waiting = approver.getByRole('row').filter({ hasText: 'KBANK-md-500' })
    await waiting.getByRole('button', { name: /^อนุมัติ #/ }).click()
    const confirm = approver.getByRole('dialog')
    await confirm.getByText('สมาชิกส่งสลิปทางไลน์').or(confirm.getByText('KBANK-md-500')).first().waitFor()
    await expectAccessible(approver, 'approve dialog')
    await shot(approver, 'backoffice-money-desk-approve-dialog')
    await confirm.getByRole('button', { name: 'อนุมัติ', exact: true }).click()
    await approver.getByText('อนุมัติรายการแล้ว').waitFor()
    await expect.poll(() => balance(member)).toBe(before + 500)

    // It moved to the decided list with who decided.
    await approver.getByRole('button', { name: 'ทำรายการแล้ว' }).click()
    const applied = approver.getByRole('row').filter({ hasText: 'KBANK-md-500' })
    await applied.getByText(desk.finance[1]!.username).waitFor()
    await shot(approver, 'backoffice-money-desk-approvals-applied')
  })

  it('a feed transfer contradicting a manual claim is an exception on the dashboard, resolved with a reason', async () => {
    const [claimant, sender] = [players[0]!, players[1]!]
    const claimed = await call<{ status: string }>(suite.baseUrl, 'POST', '/api/backoffice/deposits/manual', {
      token: kanya,
      body: { mobile: claimant.mobile, amount: 100, bank_ref: 'KBANK-x', note: 'สมาชิกแจ้งว่าโอนแล้ว' },
    })
    expect(claimed.body.data).toMatchObject({ status: 'PENDING' })
    const raw = JSON.stringify({
      external_id: 'KBANK-x',
      to_account: toAccount,
      from_bank_code: '002',
      from_account: sender.bankAccount,
      amount: 50_000,
      occurred_at: new Date().toISOString(),
    })
    const fed = await postBankTransfer(suite.baseUrl, raw)
    expect(fed.body.data).toMatchObject({ status: 'EXCEPTION' })
    const senderBefore = await balance(sender)
    const claimantBefore = await balance(claimant)

    // A finance operator (not the one who recorded the claim) resolves it.
    const finance = await deskScreen(suite, somchai)
    const card = finance.getByRole('link', { name: /รายการฝากผิดปกติที่รอตรวจสอบ/ })
    await expect.poll(() => card.locator('.card__value').textContent()).toBe('1')
    await shot(finance, 'backoffice-money-desk-dashboard')
    await card.click()
    await finance.getByRole('heading', { name: 'รายการฝากผิดปกติ', level: 1 }).waitFor()
    const compare = finance.getByRole('table', { name: /เปรียบเทียบรายการ/ })
    await compare.getByRole('cell', { name: '฿50,000.00' }).waitFor()
    await compare.getByRole('cell', { name: '฿100.00' }).waitFor()
    await compare.getByRole('cell', { name: `002 · ${sender.bankAccount}` }).waitFor()
    await compare.getByRole('cell', { name: `002 · ${claimant.bankAccount}` }).waitFor()
    expect(await compare.getByRole('cell', { name: 'KBANK-x' }).count()).toBe(2)
    await finance.getByText('ยอดเงินไม่ตรงกับรายการเดิม', { exact: false }).first().waitFor()
    await expectAccessible(finance, 'exceptions')
    await shot(finance, 'backoffice-money-desk-exceptions')

    // The transfer is the sender's: credit it to them, with a reason.
    await finance.getByRole('button', { name: /^เติมเครดิตให้สมาชิก #/ }).click()
    const dialog = finance.getByRole('dialog')
    await dialog.getByLabel('เบอร์โทรศัพท์ของสมาชิกที่เป็นเจ้าของรายการ').fill(sender.mobile)
    await dialog.getByLabel('เหตุผล').fill('ตรวจสลิปแล้ว เงินเป็นของผู้โอน')
    await expectAccessible(finance, 'resolve dialog')
    await shot(finance, 'backoffice-money-desk-resolve')
    await dialog.getByRole('button', { name: 'เติมเครดิตให้สมาชิก' }).click()
    await finance.getByText('บันทึกการแก้ไขแล้ว', { exact: false }).waitFor()
    await expect.poll(() => balance(sender)).toBe(senderBefore + 50_000)
    expect(await balance(claimant)).toBe(claimantBefore)
    await finance.getByText('ไม่มีรายการ').waitFor()
    await finance.getByRole('button', { name: 'เติมเครดิตแล้ว' }).click()
    await finance.getByText('ตรวจสลิปแล้ว เงินเป็นของผู้โอน', { exact: false }).waitFor()
    await shot(finance, 'backoffice-money-desk-exceptions-credited')
  })

  it('the reconciliation shows the day per pay-in account with every difference', async () => {
    // The owner decides no money but verifies the ledger (ledger.verify): the reconciliation is for owner and finance.
    const owner = await deskScreen(suite, await suite.operatorToken())
    await owner.getByRole('link', { name: 'กระทบยอดรายวัน' }).click()
    await owner.getByRole('heading', { name: 'กระทบยอดรายวัน', level: 1 }).waitFor()
    // The pay-in account: the funding transfer and the exception's transfer, both reported and credited.
    const account = owner.getByRole('article').filter({ hasText: '฿51,000.00' })
    await account.getByText('ยอดตรงกัน ไม่มีรายการที่ต้องตรวจสอบ').waitFor()
    // Without an account: the approved manual deposit no transfer confirmed, and the claim still waiting.
    const manual = owner.getByRole('article').filter({ hasText: 'ไม่มีบัญชีรับเงิน' })
    await manual.getByRole('row').filter({ hasText: 'KBANK-md-500' }).getByText('เติมเครดิตโดยไม่มีรายการจากธนาคารยืนยัน').waitFor()
    await manual.getByRole('row').filter({ hasText: 'KBANK-x' }).getByText('รายการฝากที่เจ้าหน้าที่บันทึก ยังไม่มีรายการจากธนาคารยืนยัน').waitFor()
    await expectAccessible(owner, 'reconciliation')
    await shot(owner, 'backoffice-money-desk-reconciliation')
  })

  it('an operator who may not yet decide money sees why: approve disabled with the reason and the time, and from when on the operators page', async () => {
    // A finance operator onboarded just now (proposed by the first owner, approved by a second): new for 24 hours.
    const owner = await operatorToken(suite.baseUrl)
    const fresh = await onboardOperator(suite.baseUrl, owner, 'finance', { approverToken: await operatorToken(suite.baseUrl, desk.owners[0]!) })
    const waits = await call(suite.baseUrl, 'POST', '/api/backoffice/deposits/manual', {
      token: kanya,
      body: { mobile: players[1]!.mobile, amount: 300, bank_ref: 'KBANK-md-new', note: 'สลิปจากสมาชิก' },
    })
    expect(waits.status, JSON.stringify(waits.body)).toBe(200)
    const listed = await call<{ list: Array<{ username: string; decides_money_from: string }> }>(suite.baseUrl, 'GET', '/api/backoffice/operators', {
      token: owner,
    })
    const from = listed.body.data.list.find((o) => o.username === fresh.username)!.decides_money_from
    const until = new Intl.DateTimeFormat('th-TH', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Bangkok' }).format(new Date(from))

    const newcomer = await deskScreen(suite, await operatorToken(suite.baseUrl, fresh))
    await newcomer.getByRole('link', { name: 'คิวอนุมัติรายการเงิน' }).click()
    await newcomer.getByRole('heading', { name: 'คิวอนุมัติรายการเงิน' }).waitFor()
    const row = newcomer.getByRole('row').filter({ hasText: 'KBANK-md-new' })
    const why = `บัญชีของคุณเพิ่งถูกสร้าง หรือเพิ่งถูกรีเซ็ตรหัสผ่านหรือการยืนยันตัวตน จึงยังอนุมัติรายการเงินไม่ได้จนถึง ${until}`
    await row.getByText(why).waitFor()
    const approve = row.getByRole('button', { name: /^อนุมัติ #/ })
    expect(await approve.isDisabled()).toBe(true)
    // The reason is the button's description, for a screen reader too.
    expect(await approve.getAttribute('aria-describedby')).toBe(await row.getByText(why).getAttribute('id'))
    await expectAccessible(newcomer, 'approvals (a new operator)')
    await shot(newcomer, 'backoffice-money-desk-approvals-too-new')

    // The owner sees from when it may decide, before anyone clicks.
    const owners = await deskScreen(suite, owner)
    await owners.getByRole('link', { name: 'ผู้ใช้งานหลังบ้าน' }).click()
    const listedRow = owners.getByRole('row').filter({ has: owners.getByRole('cell', { name: fresh.username, exact: true }) })
    await listedRow.getByText('อนุมัติได้ตั้งแต่', { exact: false }).waitFor()
    // Its proposer is tied to it for good (ADR 070): neither decides the other's items, and the owner's row says so.
    const proposerRow = owners.getByRole('row').filter({ has: owners.getByRole('cell', { name: /\(คุณ\)$/ }) })
    await proposerRow.getByText(`อนุมัติรายการของกันและกันไม่ได้: ${fresh.username} (ตลอดไป)`).waitFor()
    await expectAccessible(owners, 'operators with a new finance operator')
    await shot(owners, 'backoffice-operators-decides-from')
  })
})
