import { bankTransferOf, RegisterBody } from '@sanam/contract'
import { DEMO_DESK, DEMO_DESK_PASSWORD } from '@sanam/contract/demo-secrets'
import type { BuiltApp } from './app.ts'
import { seedCatalogue } from './modules/games/catalogue-seed.ts'
import { seedPromotions } from './modules/promotions/promotions-seed.ts'
import { faviconSvg, logoSvg, slideSvg } from './modules/site/site-images.ts'

/**
 * What a new database is given, through the app's own services as the back-office editors and the bank feed use them
 * (issue 19 §5): every check, audit row and ledger transfer is theirs. Nothing here touches a repository or SQL
 * (a layer rule of docs/ARCHITECTURE.md).
 */
type Services = BuiltApp['services']

/** The demo player anyone can log in with on a fresh `npm start`. */
export const DEMO_PLAYER = { mobile: '0812345678', password: 'sanam1234' } as const

/** The demo player's invite code, published so a visitor can try the referral link at once. */
export const DEMO_INVITE_CODE = 'DEMO2345'

/** What the demo player starts with, in baht: enough to play at once, paid in as a real deposit. */
export const DEMO_OPENING_DEPOSIT_BAHT = 1000

/** The demo pay-in account: only ever seeded in demo mode. */
export const DEMO_OPERATOR_ACCOUNT = { bankCode: '014', accountNumber: '4071234567' } as const

const DEMO_PLAYER_BANK = { bank_code: '004', bank_account: '1234567890' } as const

const THEME = { primary: '#d4af37', background: '#0b0b14' }

const SLIDES = [
  { name: 'welcome', title: 'ยินดีต้อนรับสู่ Sanam', subtitle: 'ฝาก-ถอนอัตโนมัติ ตลอด 24 ชั่วโมง', from: '#3a1c71', to: '#0b0b14', accent: THEME.primary },
  { name: 'deposit', title: 'ฝากง่าย เครดิตเข้าไว', subtitle: 'โอนจากบัญชีที่ลงทะเบียน เครดิตเข้าใน 3-5 นาที', from: '#0f5132', to: '#0b0b14', accent: '#4ade80' },
  { name: 'referral', title: 'ชวนเพื่อน รับโบนัส 3 ชั้น', subtitle: 'แชร์ลิงก์ของคุณ รับค่าแนะนำทุกวัน', from: '#7c2d12', to: '#0b0b14', accent: '#fb923c' },
  { name: 'responsible', title: 'เล่นอย่างรับผิดชอบ', subtitle: 'ตั้งวงเงินและเวลาเล่นได้ด้วยตัวคุณเอง', from: '#1e3a8a', to: '#0b0b14', accent: '#60a5fa' },
]

/**
 * The site metadata and its drawn images, needed by every deployment, demo or not: saved by the site service's save,
 * as the back-office editor saves them (checked, audited as the system). The images are defaults an operator replaces.
 */
export async function seedSite(services: Pick<Services, 'site'>): Promise<void> {
  const { site } = services
  if (await site.configured()) return
  const [logo, favicon, ...slides] = await site.storeDrawnImages([
    { path: 'site/logo.svg', svg: logoSvg({ name: 'SANAM', tagline: 'สนามเกมออนไลน์', primary: THEME.primary }) },
    { path: 'site/favicon.svg', svg: faviconSvg({ letter: 'S', ...THEME }) },
    ...SLIDES.map((s) => ({ path: `site/slide-${s.name}.svg`, svg: slideSvg(s) })),
  ])
  await site.save(null, {
    title: 'Sanam',
    description: 'Sanam สนามเกมออนไลน์ ฝาก-ถอนอัตโนมัติ ปลอดภัย เล่นอย่างรับผิดชอบ',
    theme: THEME,
    image: { logo: logo!, favicon: favicon! },
    contact: { line: 'https://line.me/R/ti/p/@sanam-demo' },
    responsible_play: { help_url: null },
    terms_url: null,
    slides,
  })
}

/** The demo pay-in account players pay into, with a PromptPay id so the app can show a Thai QR (approved by the system). */
export async function seedOperatorAccount(services: Pick<Services, 'payin'>): Promise<void> {
  if ((await services.payin.list()).some((account) => account.active)) return
  await services.payin.seedApproved({
    bank_code: DEMO_OPERATOR_ACCOUNT.bankCode,
    account_number: DEMO_OPERATOR_ACCOUNT.accountNumber,
    account_name: 'บจก. สนาม เดโม',
    promptpay_type: 'MSISDN',
    promptpay_id: '0899999999',
  })
}

/**
 * The demo desk (issue 35 §6): two finance operators, a support operator and a second owner, made as set-up makes
 * owners (ADR 070), with the published password and authenticators of DEMO_DESK, so a visitor approves a withdrawal
 * and confirms a manual deposit with two operators at once. Demo mode only (demoDataLeft refuses them outside it).
 */
export async function seedDemoDesk(services: Pick<Services, 'operators'>): Promise<void> {
  await services.operators.setUp(DEMO_DESK.map((account) => ({ ...account, password: DEMO_DESK_PASSWORD })))
}

/**
 * Demo data for a fresh database: the site, the pay-in account, the catalogue and promotions, the demo desk, and one
 * player to log in with, who registers as a player does and starts with DEMO_OPENING_DEPOSIT_BAHT paid in through the
 * bank feed. A database that already has its site is left alone (`seeded: false`).
 */
export async function seedDemo(
  services: Pick<Services, 'site' | 'payin' | 'catalogue' | 'promotionsAdmin' | 'auth' | 'transferIntake' | 'operators'>,
  now = new Date(),
): Promise<{ seeded: boolean }> {
  if (await services.site.configured()) return { seeded: false }
  await seedSite(services)
  await seedOperatorAccount(services)
  await seedCatalogue(services)
  await seedPromotions(services)
  await seedDemoDesk(services)
  // The registration form's own schema: the demo player's details pass what a player's would.
  const registration = RegisterBody.parse({ ...DEMO_PLAYER, firstname: 'สมชาย', surname: 'ใจดี', ...DEMO_PLAYER_BANK, adult: true, accept_terms: true })
  await services.auth.seedPlayer(registration, DEMO_INVITE_CODE)
  await depositDemoMoney(services, now)
  return { seeded: true }
}

/**
 * The demo player's opening money, arriving as real money does: a transfer from the player's registered account to
 * the pay-in account, through the bank feed's own entry point, which matches and credits it. Its reference is fixed:
 * running it again is a duplicate that stores and moves nothing.
 */
export async function depositDemoMoney(services: Pick<Services, 'transferIntake'>, now = new Date()) {
  return services.transferIntake.receiveTransfer(
    bankTransferOf({
      external_id: `demo-seed:opening:${DEMO_PLAYER.mobile}`,
      to_account: DEMO_OPERATOR_ACCOUNT.accountNumber,
      from_bank_code: DEMO_PLAYER_BANK.bank_code,
      from_account: DEMO_PLAYER_BANK.bank_account,
      from_name: null,
      amount: DEMO_OPENING_DEPOSIT_BAHT,
      occurred_at: now.toISOString(),
    }),
  )
}

/**
 * What demo seeding left in this database: a reason each for the demo pay-in account (players would pay into an
 * account nobody owns), the demo player and the demo desk's operators (published passwords). Empty on a database
 * never seeded in demo mode. Outside demo mode the server refuses to start on such a database.
 */
export async function demoDataLeft(services: Pick<Services, 'payin' | 'users' | 'operators'>): Promise<string[]> {
  const found: string[] = []
  const accounts = await services.payin.list()
  if (accounts.some((a) => a.active && a.bank_code === DEMO_OPERATOR_ACCOUNT.bankCode && a.account_number === DEMO_OPERATOR_ACCOUNT.accountNumber)) {
    found.push(`the demo pay-in account ${DEMO_OPERATOR_ACCOUNT.bankCode}-${DEMO_OPERATOR_ACCOUNT.accountNumber} is active`)
  }
  if (await services.users.isRegistered(DEMO_PLAYER.mobile)) found.push(`the demo player ${DEMO_PLAYER.mobile} (published password) exists`)
  const desk = (await services.operators.list()).filter((o) => !o.disabled && DEMO_DESK.some((d) => d.username === o.username && d.phone === o.phone))
  if (desk.length > 0) found.push(`the demo desk's operators ${desk.map((o) => o.username).join(', ')} (published passwords) are enabled`)
  return found
}
