/**
 * The banks a player may register (spec §3 bank codes). The player app shows each bank's logo from the
 * thai-banks-logo package (apps/player/src/components/bank-logos.ts); `short` and `color` draw the badge of a
 * bank it has no logo for (020 Standard Chartered, 026 Mega) and of an unknown code. 011, 065 and 076 are all
 * the ttb family after the TMB-Thanachart merger: 011 under its current name, 065 (Thanachart) and 076 (TMB) marked
 * as former names, so the three read apart in a list; the codes stay, as players registered under each keep theirs.
 * 140 is the TrueMoney Wallet.
 */
export interface Bank {
  code: string
  short: string
  th: string
  en: string
  color: string
  /** Text colour that reads on `color`. */
  ink: string
}

export const banks: readonly Bank[] = [
  { code: '002', short: 'BBL', th: 'ธนาคารกรุงเทพ', en: 'Bangkok Bank', color: '#1e4598', ink: '#ffffff' },
  { code: '004', short: 'KBANK', th: 'ธนาคารกสิกรไทย', en: 'Kasikornbank', color: '#138f2d', ink: '#ffffff' },
  { code: '006', short: 'KTB', th: 'ธนาคารกรุงไทย', en: 'Krungthai Bank', color: '#1ba5e1', ink: '#ffffff' },
  { code: '011', short: 'TTB', th: 'ธนาคารทหารไทยธนชาต (ttb)', en: 'TMBThanachart Bank (ttb)', color: '#1279be', ink: '#ffffff' },
  { code: '014', short: 'SCB', th: 'ธนาคารไทยพาณิชย์', en: 'Siam Commercial Bank', color: '#4e2e7f', ink: '#ffffff' },
  { code: '017', short: 'CITI', th: 'ธนาคารซิตี้แบงก์', en: 'Citibank', color: '#1583c7', ink: '#ffffff' },
  { code: '020', short: 'SCBT', th: 'ธนาคารสแตนดาร์ดชาร์เตอร์ด (ไทย)', en: 'Standard Chartered (Thai)', color: '#0f6eb4', ink: '#ffffff' },
  { code: '022', short: 'CIMBT', th: 'ธนาคารซีไอเอ็มบีไทย', en: 'CIMB Thai Bank', color: '#7e2f36', ink: '#ffffff' },
  { code: '024', short: 'UOBT', th: 'ธนาคารยูโอบี', en: 'United Overseas Bank (Thai)', color: '#0b3979', ink: '#ffffff' },
  { code: '025', short: 'BAY', th: 'ธนาคารกรุงศรีอยุธยา', en: 'Bank of Ayudhya (Krungsri)', color: '#fec43b', ink: '#4a3a0a' },
  { code: '026', short: 'MEGA', th: 'ธนาคารเมกะ สากลพาณิชย์', en: 'Mega International Commercial Bank', color: '#815e3b', ink: '#ffffff' },
  { code: '030', short: 'GSB', th: 'ธนาคารออมสิน', en: 'Government Savings Bank', color: '#eb198d', ink: '#ffffff' },
  { code: '033', short: 'GHB', th: 'ธนาคารอาคารสงเคราะห์', en: 'Government Housing Bank', color: '#f57d23', ink: '#ffffff' },
  {
    code: '034',
    short: 'BAAC',
    th: 'ธนาคารเพื่อการเกษตรและสหกรณ์การเกษตร',
    en: 'Bank for Agriculture and Agricultural Cooperatives',
    color: '#4b9b1d',
    ink: '#ffffff',
  },
  { code: '065', short: 'TBANK', th: 'ธนาคารธนชาต (ชื่อเดิม)', en: 'Thanachart Bank (former name)', color: '#f05a22', ink: '#ffffff' },
  { code: '066', short: 'ISBT', th: 'ธนาคารอิสลามแห่งประเทศไทย', en: 'Islamic Bank of Thailand', color: '#184615', ink: '#ffffff' },
  { code: '067', short: 'TISCO', th: 'ธนาคารทิสโก้', en: 'TISCO Bank', color: '#12549f', ink: '#ffffff' },
  { code: '069', short: 'KKP', th: 'ธนาคารเกียรตินาคินภัทร', en: 'Kiatnakin Phatra Bank', color: '#199cc5', ink: '#ffffff' },
  { code: '070', short: 'ICBCT', th: 'ธนาคารไอซีบีซี (ไทย)', en: 'ICBC (Thai)', color: '#c50f1c', ink: '#ffffff' },
  { code: '071', short: 'TCRB', th: 'ธนาคารไทยเครดิต', en: 'Thai Credit Bank', color: '#0a4ab3', ink: '#ffffff' },
  { code: '073', short: 'LHB', th: 'ธนาคารแลนด์ แอนด์ เฮ้าส์', en: 'Land and Houses Bank', color: '#6d6e71', ink: '#ffffff' },
  { code: '076', short: 'TMB', th: 'ธนาคารทหารไทย (ชื่อเดิม)', en: 'TMB Bank (former name)', color: '#0050f0', ink: '#ffffff' },
  { code: '140', short: 'TMN', th: 'ทรูมันนี่ วอลเล็ท', en: 'TrueMoney Wallet', color: '#f47920', ink: '#ffffff' },
]

export const bankCodes = banks.map((b) => b.code)

const byCode = new Map(banks.map((b) => [b.code, b]))

/** The bank with this code, or undefined for a code not on the list. */
export function findBank(code: string): Bank | undefined {
  return byCode.get(code)
}
