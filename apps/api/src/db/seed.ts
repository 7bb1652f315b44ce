import type { Db } from './client.ts'
import { seedCatalogue } from '../modules/games/catalogue-seed.ts'
import { seedPromotions } from '../modules/promotions/promotions-seed.ts'
import { depositsRepository } from '../modules/deposits/deposits.repository.ts'
import { siteRepository } from '../modules/site/site.repository.ts'
import { faviconSvg, logoSvg, slideSvg, svgMedia } from '../modules/site/site-images.ts'
import { playersRepository } from '../modules/users/users.repository.ts'
import type { PasswordHasher } from '../modules/auth/password.ts'

/** The demo player anyone can log in with on a fresh `npm start`. */
export const DEMO_PLAYER = { mobile: '0812345678', password: 'sanam1234' } as const

const THEME = { primary: '#d4af37', background: '#0b0b14' }

const SLIDES = [
  { name: 'welcome', title: 'ยินดีต้อนรับสู่ Sanam', subtitle: 'ฝาก-ถอนอัตโนมัติ ตลอด 24 ชั่วโมง', from: '#3a1c71', to: '#0b0b14', accent: THEME.primary },
  { name: 'deposit', title: 'ฝากง่าย เครดิตเข้าไว', subtitle: 'โอนจากบัญชีที่ลงทะเบียน เครดิตเข้าใน 3-5 นาที', from: '#0f5132', to: '#0b0b14', accent: '#4ade80' },
  { name: 'referral', title: 'ชวนเพื่อน รับโบนัส 3 ชั้น', subtitle: 'แชร์ลิงก์ของคุณ รับค่าแนะนำทุกวัน', from: '#7c2d12', to: '#0b0b14', accent: '#fb923c' },
  { name: 'responsible', title: 'เล่นอย่างรับผิดชอบ', subtitle: 'ตั้งวงเงินและเวลาเล่นได้ด้วยตัวคุณเอง', from: '#1e3a8a', to: '#0b0b14', accent: '#60a5fa' },
]

/** The site metadata and its generated images. Needed by every deployment, demo or not. */
export async function seedSite(db: Db, now = new Date()): Promise<void> {
  if (await siteRepository.findSettings(db)) return
  const images = [
    svgMedia('site/logo.svg', logoSvg({ name: 'SANAM', tagline: 'สนามเกมออนไลน์', primary: THEME.primary }), now),
    svgMedia('site/favicon.svg', faviconSvg({ letter: 'S', ...THEME }), now),
    ...SLIDES.map((s) => svgMedia(`site/slide-${s.name}.svg`, slideSvg(s), now)),
  ]
  for (const image of images) await siteRepository.putMedia(db, image)
  await siteRepository.insertSettings(db, {
    title: 'Sanam',
    description: 'Sanam สนามเกมออนไลน์ ฝาก-ถอนอัตโนมัติ ปลอดภัย เล่นอย่างรับผิดชอบ',
    themePrimary: THEME.primary,
    themeBackground: THEME.background,
    faviconUrl: '/media/site/favicon.svg',
    logoUrl: '/media/site/logo.svg',
    contactLine: 'https://line.me/R/ti/p/@sanam-demo',
    slides: SLIDES.map((s) => `/media/site/slide-${s.name}.svg`),
    updatedAt: now,
  })
}

/** The demo pay-in account: only ever seeded in demo mode. */
export const DEMO_OPERATOR_ACCOUNT = { bankCode: '014', accountNumber: '4071234567' } as const

/** The demo operator account players pay into, with a PromptPay id so the app can show a Thai QR. */
export async function seedOperatorAccount(db: Db, now = new Date()): Promise<void> {
  if (await depositsRepository.activeOperatorAccount(db)) return
  await depositsRepository.insertOperatorAccount(db, {
    ...DEMO_OPERATOR_ACCOUNT,
    accountName: 'บจก. สนาม เดโม',
    promptpayType: 'MSISDN',
    promptpayId: '0899999999',
    active: true,
    sort: 0,
    createdAt: now,
  })
}

/** Demo data for a fresh database: the site, the operator account to pay into and one player to log in with. */
export async function seedDemo(db: Db, hasher: PasswordHasher, now = new Date()): Promise<{ seeded: boolean }> {
  const fresh = !(await siteRepository.findSettings(db))
  await seedSite(db, now)
  if (!fresh) return { seeded: false }
  await seedOperatorAccount(db, now)
  await seedCatalogue(db, now)
  await seedPromotions(db, now)
  if (!(await playersRepository.findByMobile(db, DEMO_PLAYER.mobile))) {
    await playersRepository.insert(db, {
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
  return { seeded: true }
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
