import { bahtToSatang } from '@sanam/contract'
import type { Db } from './client.ts'
import { inTransaction } from './transaction.ts'
import { createLedger } from '../modules/ledger/ledger.service.ts'
import { ledgerRepository } from '../modules/ledger/ledger.repository.ts'
import { seedCatalogue } from '../modules/games/catalogue-seed.ts'
import { createCatalogueService } from '../modules/games/catalogue.service.ts'
import { gamesRepository } from '../modules/games/games.repository.ts'
import { createAuditRepository } from '../modules/audit/audit.repository.ts'
import { createPayinAccountsService } from '../modules/deposits/payin-accounts.service.ts'
import { seedPromotions } from '../modules/promotions/promotions-seed.ts'
import { depositsRepository } from '../modules/deposits/deposits.repository.ts'
import { siteRepository } from '../modules/site/site.repository.ts'
import { createSiteService } from '../modules/site/site.service.ts'
import { faviconSvg, logoSvg, slideSvg, svgMedia } from '../modules/site/site-images.ts'
import { playersRepository } from '../modules/users/users.repository.ts'
import type { PasswordHasher } from '../modules/auth/password.ts'

/** The demo player anyone can log in with on a fresh `npm start`. */
export const DEMO_PLAYER = { mobile: '0812345678', password: 'sanam1234' } as const

/** What the demo player starts with, in baht: enough to play at once, paid in as a real deposit. */
export const DEMO_OPENING_DEPOSIT_BAHT = 1000

const THEME = { primary: '#d4af37', background: '#0b0b14' }

const SLIDES = [
  { name: 'welcome', title: 'ยินดีต้อนรับสู่ Sanam', subtitle: 'ฝาก-ถอนอัตโนมัติ ตลอด 24 ชั่วโมง', from: '#3a1c71', to: '#0b0b14', accent: THEME.primary },
  { name: 'deposit', title: 'ฝากง่าย เครดิตเข้าไว', subtitle: 'โอนจากบัญชีที่ลงทะเบียน เครดิตเข้าใน 3-5 นาที', from: '#0f5132', to: '#0b0b14', accent: '#4ade80' },
  { name: 'referral', title: 'ชวนเพื่อน รับโบนัส 3 ชั้น', subtitle: 'แชร์ลิงก์ของคุณ รับค่าแนะนำทุกวัน', from: '#7c2d12', to: '#0b0b14', accent: '#fb923c' },
  { name: 'responsible', title: 'เล่นอย่างรับผิดชอบ', subtitle: 'ตั้งวงเงินและเวลาเล่นได้ด้วยตัวคุณเอง', from: '#1e3a8a', to: '#0b0b14', accent: '#60a5fa' },
]

/**
 * The site metadata and its generated images. Needed by every deployment, demo or not. The settings are saved through
 * the site service's save, as the back-office editor saves them (checked, audited as the system); the generated SVG
 * images are the defaults an operator replaces with uploads. `auditKey` is AUDIT_HMAC_KEY: the save's audit row joins
 * the chain the app verifies.
 */
export async function seedSite(db: Db, options: { auditKey: string; now?: Date }): Promise<void> {
  if (await siteRepository.findSettings(db)) return
  const now = options.now ?? new Date()
  const images = await Promise.all([
    svgMedia('site/logo.svg', logoSvg({ name: 'SANAM', tagline: 'สนามเกมออนไลน์', primary: THEME.primary }), now),
    svgMedia('site/favicon.svg', faviconSvg({ letter: 'S', ...THEME }), now),
    ...SLIDES.map((s) => svgMedia(`site/slide-${s.name}.svg`, slideSvg(s), now)),
  ])
  for (const image of images) await siteRepository.putMedia(db, image)
  const site = createSiteService({ db, now: () => now.getTime(), siteRepository, auditRepository: createAuditRepository({ key: options.auditKey }) })
  await site.save(null, {
    title: 'Sanam',
    description: 'Sanam สนามเกมออนไลน์ ฝาก-ถอนอัตโนมัติ ปลอดภัย เล่นอย่างรับผิดชอบ',
    theme: THEME,
    image: { logo: '/media/site/logo.svg', favicon: '/media/site/favicon.svg' },
    contact: { line: 'https://line.me/R/ti/p/@sanam-demo' },
    responsible_play: { help_url: null },
    terms_url: null,
    slides: SLIDES.map((s) => `/media/site/slide-${s.name}.svg`),
  })
}

/** The demo pay-in account: only ever seeded in demo mode. */
export const DEMO_OPERATOR_ACCOUNT = { bankCode: '014', accountNumber: '4071234567' } as const

/**
 * The services the seed creates through, as the back-office editors do (issue 19 §5), acting as the system at `now`.
 * `auditKey` is the key the app's audit chain runs with (config.auditHmacKey): every seeded change is audited.
 */
export function seedingServices(db: Db, auditKey: string, now = new Date()) {
  const clock = { now: () => now }
  const auditRepository = createAuditRepository({ key: auditKey })
  return {
    catalogue: createCatalogueService({ db, clock, gamesRepository, auditRepository }),
    payin: createPayinAccountsService({
      db,
      clock,
      depositsRepository,
      auditRepository,
      // The seed approves nothing an operator proposed: its account goes through seedApproved.
      separateDuties: { assertMayDecideMoney: () => Promise.reject(new Error('the seed decides no operator proposal')) },
    }),
  }
}
export type SeedingServices = ReturnType<typeof seedingServices>

/** The demo operator account players pay into, with a PromptPay id so the app can show a Thai QR (approved by the system). */
export async function seedOperatorAccount(db: Db, services: SeedingServices): Promise<void> {
  if (await depositsRepository.activeOperatorAccount(db)) return
  await services.payin.seedApproved({
    bank_code: DEMO_OPERATOR_ACCOUNT.bankCode,
    account_number: DEMO_OPERATOR_ACCOUNT.accountNumber,
    account_name: 'บจก. สนาม เดโม',
    promptpay_type: 'MSISDN',
    promptpay_id: '0899999999',
  })
}

/**
 * Demo data for a fresh database: the site, the operator account to pay into and one player to log in with, who
 * starts with DEMO_OPENING_DEPOSIT_BAHT deposited.
 */
export async function seedDemo(db: Db, hasher: PasswordHasher, options: { auditKey: string; now?: Date }): Promise<{ seeded: boolean }> {
  const now = options.now ?? new Date()
  const fresh = !(await siteRepository.findSettings(db))
  await seedSite(db, { auditKey: options.auditKey, now })
  if (!fresh) return { seeded: false }
  const services = seedingServices(db, options.auditKey, now)
  await seedOperatorAccount(db, services)
  await seedCatalogue(db, services.catalogue, now)
  await seedPromotions(db, now)
  let player = await playersRepository.findByMobile(db, DEMO_PLAYER.mobile)
  if (!player) {
    player = await playersRepository.insert(db, {
      mobile: DEMO_PLAYER.mobile,
      passwordHash: await hasher.hash(DEMO_PLAYER.password),
      firstname: 'สมชาย',
      surname: 'ใจดี',
      bankCode: '004',
      bankAccount: '1234567890',
      inviteCode: 'DEMO2345',
      uplineId: null,
      createdAt: now,
    })
  }
  await depositDemoMoney(db, { id: player.id, bankCode: player.bankCode, bankAccount: player.bankAccount }, now)
  return { seeded: true }
}

/**
 * The demo player's opening money, credited the way real money arrives: a deposit row from the player's registered
 * account to the operator account and its `bank_in → cash` transfer, in one transaction, so `ledger:verify` holds.
 * Keyed by an external id of its own: running it again stores and moves nothing.
 */
export async function depositDemoMoney(db: Db, player: { id: number; bankCode: string; bankAccount: string }, now = new Date()): Promise<void> {
  const operator = await depositsRepository.activeOperatorAccount(db)
  if (!operator) throw new Error('the demo deposit needs the operator account: seed it first')
  const externalId = `demo-seed:opening:${player.id}`
  const ledger = createLedger({ clock: { now: () => now }, ledgerRepository })
  await inTransaction(db, async (tx) => {
    const deposit = await depositsRepository.insert(tx, {
      source: 'BANK_FEED',
      externalId,
      requestHash: externalId,
      toAccount: operator.accountNumber,
      fromBankCode: player.bankCode,
      fromAccount: player.bankAccount,
      fromName: null,
      amount: bahtToSatang(DEMO_OPENING_DEPOSIT_BAHT),
      occurredAt: now,
      receivedAt: now,
      status: 'UNMATCHED',
      note: 'demo data: opening deposit',
    })
    if (!deposit) return
    await ledger.transferMany(tx, [
      {
        key: `deposit:${externalId}`,
        from: { house: 'bank_in' },
        to: { player: player.id, kind: 'cash' },
        amount: deposit.amount,
        kind: 'deposit',
        reference: `deposit:${deposit.id}`,
      },
    ])
    await depositsRepository.markCredited(tx, deposit.id, { status: 'MATCHED', playerId: player.id, creditedAt: now })
  })
}

/**
 * What demo seeding left in this database: a reason each for the demo pay-in account (players would pay into an
 * account nobody owns) and the demo player (a published password). Empty on a database never seeded in demo mode.
 * Outside demo mode the server refuses to start on such a database.
 */
export async function demoDataLeft(db: Db): Promise<string[]> {
  const found: string[] = []
  if (await depositsRepository.isActiveOperatorAccount(db, DEMO_OPERATOR_ACCOUNT.bankCode, DEMO_OPERATOR_ACCOUNT.accountNumber)) {
    found.push(`the demo pay-in account ${DEMO_OPERATOR_ACCOUNT.bankCode}-${DEMO_OPERATOR_ACCOUNT.accountNumber} is active`)
  }
  if (await playersRepository.findByMobile(db, DEMO_PLAYER.mobile)) found.push(`the demo player ${DEMO_PLAYER.mobile} (published password) exists`)
  return found
}
