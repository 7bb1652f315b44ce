import type { PromotionTerms } from '@sanam/contract'
import type { SiteService } from '../site/site.service.ts'
import type { PromotionsAdminService } from './promotions-admin.service.ts'

/** Demo promotions covering every rule type of spec §3 (credit: baht for FIXED, percent for PERCENT). */
export const DEMO_PROMOTIONS: Array<
  Omit<PromotionTerms, 'title' | 'image' | 'starts_at' | 'ends_at'> & { title: string; subtitle: string; colors: [string, string] }
> = [
  {
    title: 'สมาชิกใหม่ รับโบนัส 50%',
    subtitle: 'ฝากครั้งแรก รับสูงสุด 500 บาท',
    colors: ['#7c3aed', '#1e1b4b'],
    credit_given_type: 'PERCENT',
    credit_given: 50,
    rules: [
      { type: 'NEW_MEMBER', value: 1 },
      { type: 'MIN_DEPOSIT', value: 100 },
      { type: 'MAX_BONUS', value: 500 },
      { type: 'TURNOVER_BY_MUTIPLE', value: 5 },
      { type: 'MAX_WITHDRAW', value: 3000 },
      { type: 'PROHIBITED_GAMES_TYPE', value: [4, 10] },
      { type: 'PROHIBITED_GAMES_PROVIDER', value: ['sbo', 'saba'] },
    ],
  },
  {
    title: 'ฝากประจำ รับเพิ่ม 100 บาท',
    subtitle: 'สำหรับสมาชิกเก่า ฝาก 300 บาทขึ้นไป',
    colors: ['#0f766e', '#042f2e'],
    credit_given_type: 'FIXED',
    credit_given: 100,
    rules: [
      { type: 'OLD_MEMBER', value: 1 },
      { type: 'MIN_DEPOSIT', value: 300 },
      { type: 'MAX_DEPOSIT', value: 5000 },
      { type: 'TURNOVER_BY_CREDIT', value: 1000 },
      { type: 'MIN_WITHDRAW', value: 300 },
    ],
  },
  {
    title: 'ฝาก 500 รับเพิ่ม 10%',
    subtitle: 'รับโบนัสสูงสุด 1,000 บาท ทุกการฝาก',
    colors: ['#b45309', '#451a03'],
    credit_given_type: 'PERCENT',
    credit_given: 10,
    rules: [
      { type: 'MIN_DEPOSIT', value: 500 },
      { type: 'MAX_BONUS', value: 1000 },
      { type: 'TURNOVER_BY_MUTIPLE', value: 3 },
      { type: 'PROHIBITED_GAMES_PROVIDER', value: ['evo'] },
    ],
  },
]

function bannerSvg(title: string, subtitle: string, colors: [string, string]): string {
  const esc = (t: string) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;')
  return `<svg xmlns="http://www.w3.org/2000/svg" width="720" height="360" viewBox="0 0 720 360">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colors[0]}"/><stop offset="1" stop-color="${colors[1]}"/></linearGradient></defs>
<rect width="720" height="360" rx="28" fill="url(#g)"/>
<circle cx="620" cy="70" r="140" fill="#fff" opacity="0.08"/>
<text x="48" y="170" font-family="Kanit, 'Noto Sans Thai', sans-serif" font-size="50" font-weight="700" fill="#fff">${esc(title)}</text>
<text x="50" y="230" font-family="Kanit, 'Noto Sans Thai', sans-serif" font-size="28" fill="#fff" opacity="0.9">${esc(subtitle)}</text>
</svg>
`
}

/**
 * Seeds the demo promotions on a database without any, through the editor's own seed entry point (published at once,
 * approved by the system): the same checks as an operator's, so the prohibited providers must be in the catalogue.
 */
export async function seedPromotions(deps: {
  promotionsAdmin: Pick<PromotionsAdminService, 'list' | 'seedPublished'>
  site: Pick<SiteService, 'storeDrawnImages'>
}): Promise<void> {
  if ((await deps.promotionsAdmin.list()).length > 0) return
  for (const [index, { subtitle, colors, ...p }] of DEMO_PROMOTIONS.entries()) {
    const [image] = await deps.site.storeDrawnImages([{ path: `promotions/demo-${index + 1}.svg`, svg: bannerSvg(p.title, subtitle, colors) }])
    await deps.promotionsAdmin.seedPublished({ ...p, image: image!, starts_at: null, ends_at: null }, index)
  }
}
