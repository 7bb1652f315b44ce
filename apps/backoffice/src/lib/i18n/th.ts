/** Thai message catalogue of the back-office: every text it shows, by key. */
export const th = {
  'app.brand': 'Sanam',
  'app.name': 'Sanam Back-office',
  'app.badge': 'สำหรับเจ้าหน้าที่',
  'placeholder.title': 'ระบบหลังบ้านกำลังพัฒนา',
  'placeholder.body': 'คอนโซลสำหรับเจ้าหน้าที่จะเปิดให้ใช้งานเร็วๆ นี้ โดยจะรวมงานประจำวันไว้ในที่เดียว',
  'placeholder.upcoming': 'ส่วนที่กำลังจะมา',
  'module.withdrawals': 'คิวอนุมัติการถอนเงิน',
  'module.unmatchedDeposits': 'รายการฝากที่ยังไม่จับคู่',
  'module.members': 'สมาชิก',
  'module.promotions': 'โปรโมชั่น',
  'module.games': 'ค่ายเกมและเกม',
  'module.site': 'ตั้งค่าเว็บไซต์',
  'module.reports': 'รายงาน',
  'module.audit': 'บันทึกการทำงาน',
} as const

export type MessageKey = keyof typeof th

/** The text for `key`. Thai is the only language today. */
export function t(key: MessageKey): string {
  return th[key]
}
