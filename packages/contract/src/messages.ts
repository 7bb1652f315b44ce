/**
 * The API's Thai texts other than each error code's default (those are in errors.ts, keyed by code): the particular
 * refusal a service gives under a code (`new AppError('NOT_FOUND', msg('WITHDRAWAL_NOT_FOUND'))`), the note on a
 * success (`ok(data, msg('LOGGED_IN'))`), and the texts the server writes elsewhere (the OTP SMS, why a promotion
 * ended, why a bank transfer was not matched). Together with errors.ts this is the one catalogue: no Thai is written
 * inline in apps/api (messages.test.ts scans for it). Keys are typed, so a missing or misspelt id does not compile;
 * a text with values is a function of named parameters, so a missing value does not compile either.
 *
 * The wording is the copy deck's (spec copy-th.md) where it has one; changing a text here changes what players see.
 */
import { satangToBaht } from './money.ts'
import type { DeskAction } from './schemas/backoffice-permissions.ts'

/** An instant as the Thai texts below say it: Bangkok time, Buddhist era, as the apps' own format shows it. */
const bangkokDateTime = new Intl.DateTimeFormat('th-TH', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Bangkok' })
/**
 * Baht as every text shows an amount: thousands separated, at most 2 decimals ("1,500", "99.5"), as the apps'
 * web-shared/format shows it. Every amount in these texts goes through here (given in baht) or bahtText (in satang).
 */
const bahtFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 })
// One formatter for every text: `toLocaleString` made one a call, about 0.4 ms of the server's CPU a deposit's notice
// (issue 38 §6), for the same text.
const baht = (amount: number) => bahtFormat.format(amount)
/** Satang as the texts show baht. */
const bahtText = (satang: bigint) => baht(satangToBaht(satang))

/** Each four-eyes action as a refusal names it, and who may decide it instead (ADR 075). */
const deskActions: Record<DeskAction, { verb: string; who: string }> = {
  money: { verb: 'อนุมัติรายการเงิน', who: 'ฝ่ายการเงิน' },
  withdrawal: { verb: 'อนุมัติการจ่ายเงินถอน', who: 'ฝ่ายการเงิน' },
  promotion: { verb: 'เผยแพร่โปรโมชั่น', who: 'ฝ่ายการเงิน' },
  plan: { verb: 'อนุมัติแผนค่าแนะนำและวงเงิน', who: 'ฝ่ายการเงิน' },
  site: { verb: 'อนุมัติการเปลี่ยนแปลงเนื้อหาเว็บไซต์', who: 'ฝ่ายการเงิน' },
  payin: { verb: 'อนุมัติบัญชีรับเงินฝาก', who: 'ฝ่ายการเงิน' },
  operator_request: { verb: 'อนุมัติคำขอเปลี่ยนแปลงผู้ใช้งาน', who: 'เจ้าของระบบ' },
  risk_case: { verb: 'ยืนยันการปิดเคสตรวจสอบความเสี่ยง', who: 'ผู้ตรวจสอบ' },
  risk_params: { verb: 'อนุมัติค่าของกฎความเสี่ยง', who: 'ฝ่ายการเงิน' },
}

export const messageCatalogue = {
  // Auth and account
  OTP_SENT: 'ส่งรหัส OTP ไปยังเบอร์โทรศัพท์ของคุณแล้ว',
  REGISTERED: 'สมัครสมาชิกสำเร็จ',
  // Said to a registration that matches a person under a time-out or self-exclusion (ADR 047, amended 2026-11-29).
  // Deliberately neutral: it must not tell anyone that someone is excluded, nor who.
  REGISTRATION_REFUSED: 'ขออภัย ไม่สามารถเปิดบัญชีด้วยข้อมูลนี้ได้ กรุณาติดต่อเจ้าหน้าที่',
  OTP_VERIFIED: 'ยืนยัน OTP สำเร็จ',
  LOGGED_IN: 'เข้าสู่ระบบสำเร็จ',
  LOGGED_OUT: 'ออกจากระบบแล้ว',
  PASSWORD_CHANGED: 'เปลี่ยนรหัสผ่านสำเร็จ',
  PASSWORD_RENEWED: 'ตั้งรหัสผ่านใหม่สำเร็จ เข้าสู่ระบบแล้ว',
  OTP_RESEND_WAIT: ({ seconds }: { seconds: number }) => `กรุณารอ ${seconds} วินาทีก่อนขอรหัส OTP ใหม่`,
  OTP_SMS: ({ site, code, ref, minutes }: { site: string; code: string; ref: string; minutes: number }) =>
    `${site}: รหัส OTP ของคุณคือ ${code} (Ref: ${ref}) ใช้ได้ภายใน ${minutes} นาที ห้ามบอกรหัสนี้กับผู้อื่น`,
  PASSWORD_RESET_SMS: ({ site, password, hours }: { site: string; password: string; hours: number }) =>
    `${site}: รหัสผ่านชั่วคราวของคุณคือ ${password} ใช้เข้าสู่ระบบเพื่อตั้งรหัสผ่านใหม่ภายใน ${hours} ชั่วโมง ห้ามบอกรหัสนี้กับผู้อื่น หากคุณไม่ได้ขอ กรุณาติดต่อเจ้าหน้าที่`,
  // A security notice (ADR 083): no link, no code; the player learns the password changed in case it was not them.
  PASSWORD_CHANGED_SMS: ({ site }: { site: string }) => `${site}: รหัสผ่านของบัญชีคุณถูกเปลี่ยนแล้ว และออกจากระบบทุกอุปกรณ์ หากคุณไม่ได้เปลี่ยน กรุณาติดต่อเจ้าหน้าที่ทันที`,
  OUTBOX_RESENT: 'ส่งข้อความซ้ำแล้ว ระบบจะส่งให้ภายในไม่กี่วินาที',
  PLAYER_NOT_FOUND: 'ไม่พบสมาชิก',
  SITE_NOT_CONFIGURED: 'ยังไม่ได้ตั้งค่าเว็บไซต์',
  SITE_SAVED: 'บันทึกการตั้งค่าเว็บไซต์แล้ว ผู้เล่นจะเห็นการเปลี่ยนแปลงเมื่อเปิดหน้าเว็บครั้งถัดไป',
  SITE_IMAGE_MISSING: 'ไม่พบรูปภาพที่เลือกในระบบ กรุณาอัปโหลดรูปใหม่',
  // What players read on the site, which can tell them where to send money (ADR 068): proposed by one operator, applied by a second.
  SITE_PROPOSED: 'บันทึกแล้ว ข้อความ รูป และลิงก์ที่เปลี่ยนจะแสดงต่อผู้เล่นเมื่อผู้ใช้งานฝ่ายการเงินอีกคนอนุมัติ',
  SITE_UNCHANGED: 'ไม่มีการเปลี่ยนแปลง',
  SITE_APPLIED: 'อนุมัติแล้ว ผู้เล่นจะเห็นเนื้อหาใหม่เมื่อเปิดหน้าเว็บครั้งถัดไป',
  SITE_REJECTED: 'ปฏิเสธการเปลี่ยนแปลงแล้ว',
  SITE_VERSION_NOT_FOUND: 'ไม่พบการเปลี่ยนแปลงที่รออนุมัติ',
  SITE_PENDING_EXISTS: 'มีการเปลี่ยนแปลงข้อความ รูป หรือลิงก์ที่รออนุมัติอยู่แล้ว กรุณาอนุมัติหรือปฏิเสธก่อน',
  IMAGE_UPLOADED: 'อัปโหลดรูปภาพแล้ว',
  IMAGE_TOO_LARGE: 'ไฟล์รูปภาพต้องมีขนาดไม่เกิน 2 MB',
  IMAGE_TYPE_REFUSED: 'รองรับเฉพาะไฟล์รูปภาพ PNG, JPEG, WebP หรือ GIF',
  IMAGE_UNREADABLE: 'อ่านไฟล์รูปภาพไม่ได้ หรือชนิดไฟล์ไม่ตรงกับเนื้อไฟล์',

  // Games and launches
  PROVIDER_NOT_FOUND: 'ไม่พบค่ายเกมนี้',
  PROVIDER_MAINTENANCE: 'ค่ายเกมนี้ปิดปรับปรุงชั่วคราว',
  PROVIDER_NOT_READY: 'ค่ายเกมนี้ยังไม่พร้อมให้บริการ',
  PROVIDER_HAS_NO_LOBBY: 'ค่ายนี้ไม่มีล็อบบี้ กรุณาเลือกเกม',
  GAME_NOT_FOUND: 'ไม่พบเกมนี้',
  GAME_MAINTENANCE: 'เกมนี้ปิดปรับปรุงชั่วคราว',
  // The back-office catalogue editor
  CATALOGUE_SAVED: 'บันทึกข้อมูลเกมแล้ว ผู้เล่นจะเห็นการเปลี่ยนแปลงภายในไม่กี่วินาที',
  PROVIDER_CODE_TAKEN: 'รหัสค่ายเกมนี้มีอยู่แล้ว',
  GAME_CODE_TAKEN: 'รหัสเกมนี้มีอยู่แล้วในค่ายนี้',

  // Deposits
  DEPOSIT_NOT_READY: 'ระบบฝากเงินยังไม่พร้อม กรุณาติดต่อเจ้าหน้าที่',
  // Pay-in accounts in the back-office (four eyes)
  PAYIN_NOT_FOUND: 'ไม่พบบัญชีรับเงินนี้',
  PAYIN_PROPOSED: 'บันทึกแล้ว บัญชีนี้จะเปิดให้ผู้เล่นโอนเงินเมื่อเจ้าหน้าที่การเงินอีกคนเปิดใช้งาน',
  PAYIN_ACTIVATED: 'เปิดใช้งานบัญชีรับเงินแล้ว',
  PAYIN_REJECTED: 'ปฏิเสธบัญชีรับเงินนี้แล้ว',
  PAYIN_RETIRED: 'ปิดใช้งานบัญชีรับเงินแล้ว รายการโอนที่เข้าบัญชีนี้ภายหลังยังจับคู่ได้ตามปกติ',
  PAYIN_NOT_PENDING: 'บัญชีนี้ไม่ได้รอการเปิดใช้งานแล้ว (มีผู้ดำเนินการไปก่อน) กรุณาโหลดรายการใหม่',
  PAYIN_NOT_ACTIVE: 'บัญชีนี้ไม่ได้เปิดใช้งานอยู่',
  PAYIN_LAST_ACTIVE: 'บัญชีนี้เป็นบัญชีรับเงินเดียวที่เปิดใช้อยู่ ปิดแล้วผู้เล่นจะฝากเงินไม่ได้ กรุณาเปิดใช้บัญชีใหม่ก่อน',
  PAYIN_REPLACED_GONE: 'บัญชีเดิมที่รายการนี้จะแทนที่ถูกปิดหรือเปลี่ยนไปแล้ว กรุณาเสนอรายการใหม่',
  PAYIN_SAME_DETAILS: 'ข้อมูลใหม่เหมือนข้อมูลเดิมทุกช่อง',
  DEPOSIT_BELOW_MIN: ({ min }: { min: number }) => `ยอดฝากขั้นต่ำ ${baht(min)} บาท`,
  DRAFT_BILL_CREATED: 'สร้างรายการฝากเงินสำเร็จ',
  DRAFT_BILL_LIVE: 'มีรายการฝากที่รอชำระอยู่แล้ว กรุณายกเลิกก่อนสร้างรายการใหม่',
  DRAFT_BILL_NONE: 'ไม่มีรายการฝากที่รอชำระ',
  DEPOSIT_NOT_YET_SEEN: 'ยังไม่พบยอดฝาก',
  DEPOSIT_CHECK_CURSOR_INVALID: 'ข้อมูลการตรวจสอบสลิปไม่ถูกต้อง กรุณาเปิดหน้าฝากเงินใหม่',
  DEPOSIT_NOT_FOUND: 'ไม่พบรายการฝาก',
  DEPOSIT_ALREADY_MATCHED: 'รายการนี้ถูกจับคู่กับสมาชิกแล้ว',
  MOBILE_NOT_FOUND: 'ไม่พบสมาชิกเบอร์นี้',
  DEPOSIT_CREDITED: 'เติมเครดิตให้สมาชิกแล้ว',
  // Why a bank transfer was left for an operator to match (stored with the deposit, shown in the back office).
  UNMATCHED_WRONG_ACCOUNT: 'โอนเข้าบัญชีที่ไม่ใช่บัญชีของระบบ',
  UNMATCHED_SENDER_UNREADABLE: 'อ่านเลขบัญชีผู้โอนไม่ได้',
  UNMATCHED_MASKED_NO_NAME: 'เลขบัญชีผู้โอนถูกปิดบังและไม่มีชื่อผู้โอน',
  UNMATCHED_NO_PLAYER: 'ไม่พบสมาชิกที่ตรงกับบัญชีผู้โอน',
  UNMATCHED_SEVERAL_PLAYERS: ({ count }: { count: number }) => `พบสมาชิกที่ตรงกัน ${count} คน`,
  UNMATCHED_TOO_MANY_PLAYERS: ({ count }: { count: number }) => `พบสมาชิกที่ตรงกันเกิน ${count} คน`,
  UNMATCHED_EXCLUDED_PERSON: ({ member, excluded }: { member: number; excluded: number }) =>
    `บัญชีผู้โอนเป็นของสมาชิก #${member} ซึ่งชื่อตรงกับสมาชิก #${excluded} ที่อยู่ในช่วงพักการเล่น จึงไม่เข้าบัญชีโดยอัตโนมัติ: ตรวจสอบตัวตนก่อนมอบรายการ หรือมอบให้สมาชิก #${excluded} (ถอนได้อย่างเดียว) หรือคืนผู้โอน`,
  DEPOSIT_PROVEN_BY_SLIP: 'สมาชิกส่งสลิปของรายการนี้ และผู้ตรวจสลิปยืนยันแล้ว จึงเข้าบัญชีสมาชิกผู้ส่ง',

  // Transfer slips (ADR 079): what the player reads of each check, and why a slip was not credited
  SLIP_UNREADABLE: 'QR code นี้ไม่ใช่สลิปโอนเงิน หรืออ่านไม่ครบ กรุณาสแกนสลิปจากแอปธนาคารอีกครั้ง',
  SLIP_CHECK_OFF: 'ระบบตรวจสลิปยังไม่เปิดใช้งาน ยอดที่โอนตามรายการฝากจะเข้าอัตโนมัติเมื่อธนาคารแจ้ง',
  SLIP_CREDITED: ({ amount }: { amount: bigint }) => `ตรวจสลิปแล้ว เติมเครดิต ${bahtText(amount)} บาทเข้ากระเป๋าของคุณแล้ว`,
  SLIP_CHECKING: 'กำลังตรวจสลิปกับธนาคาร ระบบจะตรวจซ้ำให้อัตโนมัติ ยอดจะเข้ากระเป๋าเมื่อยืนยันได้',
  SLIP_MANUAL_REVIEW: 'ยังยืนยันสลิปนี้อัตโนมัติไม่ได้ เจ้าหน้าที่จะตรวจสอบให้',
  SLIP_CLOSED: 'เจ้าหน้าที่ตรวจสอบและปิดรายการสลิปนี้แล้ว หากยังมีข้อสงสัย กรุณาติดต่อเจ้าหน้าที่',
  SLIP_NOT_FOUND: 'ไม่พบรายการตรวจสลิปนี้',
  SLIP_NOT_IN_REVIEW: 'รายการนี้ไม่ได้รอเจ้าหน้าที่ตรวจสอบแล้ว กรุณาโหลดรายการใหม่',
  SLIP_RECHECKED: 'ถามผู้ตรวจสลิปอีกครั้งแล้ว',
  SLIP_CLOSED_BY_DESK: 'ปิดรายการแล้ว ไม่มีการเติมเครดิต',
  SLIP_REASON_NOT_FOUND: 'ธนาคารไม่พบรายการโอนตามสลิปนี้ จึงเติมเครดิตไม่ได้',
  SLIP_REASON_RECEIVER: 'สลิปนี้ไม่ได้โอนเข้าบัญชีรับเงินของเว็บไซต์ จึงเติมเครดิตไม่ได้',
  SLIP_REASON_SENDER: 'สลิปนี้ไม่ได้โอนจากบัญชีธนาคารที่คุณลงทะเบียนไว้ ระบบเติมเครดิตให้เฉพาะยอดที่โอนจากบัญชีของคุณเอง',
  SLIP_REASON_TOO_OLD: 'สลิปนี้เก่าเกิน 24 ชั่วโมง หรือเวลาไม่ถูกต้อง จึงเติมเครดิตอัตโนมัติไม่ได้ กรุณาติดต่อเจ้าหน้าที่',
  SLIP_REASON_BEFORE_BILL: 'สลิปนี้โอนก่อนสร้างรายการฝาก จึงใช้กับรายการฝากนี้ไม่ได้ กรุณาติดต่อเจ้าหน้าที่',
  SLIP_REASON_AMOUNT_NOT_BILL: 'ยอดเงินในสลิปไม่ตรงกับยอดรายการฝากที่สร้างไว้ จึงเติมเครดิตอัตโนมัติไม่ได้ กรุณาติดต่อเจ้าหน้าที่',
  SLIP_REASON_BELOW_MIN: 'ยอดเงินในสลิปต่ำกว่ายอดฝากขั้นต่ำ จึงเติมเครดิตอัตโนมัติไม่ได้ กรุณาติดต่อเจ้าหน้าที่',
  SLIP_REASON_OVER_LIMIT: 'ยอดเงินในสลิปเกินวงเงินฝากที่คุณตั้งไว้ จึงเติมเครดิตอัตโนมัติไม่ได้ กรุณาติดต่อเจ้าหน้าที่',
  SLIP_REASON_CREDITED_TO_OTHER: 'รายการโอนนี้เข้าบัญชีสมาชิกอื่นไปแล้ว กรุณาติดต่อเจ้าหน้าที่',
  SLIP_REASON_ALREADY_CREDITED: 'รายการโอนนี้เข้ากระเป๋าของคุณแล้ว ไม่ต้องส่งสลิปซ้ำ',

  UNMATCHED_SAME_TRANSFER_UNSURE: ({ ids }: { ids: string }) =>
    `อาจเป็นรายการเดียวกับรายการฝาก #${ids} ที่ได้รับจากข้อความแจ้งเตือนของธนาคารแล้ว จึงไม่เข้าบัญชีโดยอัตโนมัติ: ตรวจสอบก่อนมอบรายการ เพื่อไม่ให้เติมเงินซ้ำ`,
  UNMATCHED_NOTIFICATION_ONLY:
    'รายการนี้มาจากข้อความแจ้งเตือนของธนาคารเท่านั้น (ผู้ส่ง SMS ปลอมได้) จึงไม่เข้าบัญชีโดยอัตโนมัติ: รอรายการจากธนาคารหรือสลิป หรือตรวจสอบยอดในบัญชีธนาคารก่อนมอบรายการ',
  // Bank notifications (ADR 080): why a forwarded notification did not become a deposit.
  NOTIFICATION_NO_SENDER: 'ข้อความไม่ระบุธนาคารและบัญชีผู้โอน จึงไม่เข้าบัญชีโดยอัตโนมัติ',
  NOTIFICATION_UNKNOWN_PAY_IN: 'ไม่พบบัญชีรับเงินของระบบที่ตรงกับบัญชีในข้อความ',
  NOTIFICATION_PAY_IN_MISMATCH: 'บัญชีในข้อความไม่ใช่บัญชีรับเงินที่โทรศัพท์เครื่องนี้แจ้งว่าเป็นของตน',
  NOTIFICATION_TIME_IMPLAUSIBLE: 'เวลาในข้อความห่างจากเวลาที่ได้รับมากเกินไป',
  NOTIFICATION_OTP: 'รหัส OTP ไม่ใช่รายการเงิน',
  NOTIFICATION_BALANCE: 'แจ้งยอดคงเหลือ ไม่ใช่รายการเงิน',
  NOTIFICATION_NO_AMOUNT: 'ไม่มีจำนวนเงินในข้อความ (เช่น ข่าวสารหรือโฆษณา)',
  NOTIFICATION_UNKNOWN_SENDER: 'ผู้ส่งไม่ใช่ธนาคารที่ระบบอ่านข้อความได้',
  NOTIFICATION_UNKNOWN_WORDING: 'อ่านข้อความไม่ได้: ไม่ตรงกับรูปแบบข้อความเงินเข้าหรือเงินออกของธนาคารนี้',
  NOTIFICATION_AMBIGUOUS: ({ ids }: { ids: string }) => `ตรงกับรายการฝากหลายรายการ (#${ids}) จึงไม่บันทึกเพิ่ม: ให้เจ้าหน้าที่ตรวจสอบ`,

  // Withdrawals
  WITHDRAWAL_REQUESTED: 'ได้รับคำขอถอนเงินแล้ว',
  WITHDRAWAL_NOT_FOUND: 'ไม่พบรายการถอน',
  WITHDRAWAL_ALREADY_DECIDED: 'รายการนี้ได้รับการตัดสินไปแล้ว',
  WITHDRAWAL_WHOLE_BAHT: 'จำนวนเงินถอนต้องเป็นจำนวนเต็มบาท',
  WITHDRAWAL_BELOW_MIN: ({ min }: { min: number }) => `ยอดถอนขั้นต่ำ ${baht(min)} บาท`,
  WITHDRAWAL_PROMOTION_AMOUNT: ({ value }: { value: bigint }) => `โปรโมชั่นของคุณกำหนดยอดถอน ${bahtText(value)} บาท ส่วนที่เหลือจะถูกตัดตามเงื่อนไข`,
  WITHDRAWAL_PENDING: 'มีรายการถอนที่รอดำเนินการอยู่แล้ว กรุณารอให้เสร็จก่อน',
  WITHDRAWAL_APPROVED: 'อนุมัติการถอนแล้ว',
  WITHDRAWAL_FIRST_APPROVAL: 'บันทึกการอนุมัติครั้งแรกแล้ว ยอดนี้ต้องให้ผู้ใช้งานอีกคนอนุมัติก่อนจ่ายเงิน',
  WITHDRAWAL_REJECTED: 'ปฏิเสธการถอนแล้ว คืนเงินเข้ากระเป๋าหลัก',
  WITHDRAWAL_PAYOUT_REF_REQUIRED: 'กรุณาระบุเลขอ้างอิงการโอน',

  // Payouts through a bank (ADR 081)
  WITHDRAWAL_SENT_TO_BANK: 'อนุมัติแล้ว ส่งคำสั่งจ่ายเงินให้ธนาคารแล้ว',
  PAYOUT_BANK_NOT_CONFIGURED: 'ยังไม่ได้ตั้งค่าธนาคารสำหรับจ่ายเงินถอน',
  PAYOUT_NOT_FOUND: 'ไม่พบรายการจ่ายเงินผ่านธนาคาร',
  PAYOUT_NAME_MISMATCH: ({ bankName }: { bankName: string }) => `ชื่อบัญชีที่ธนาคารแจ้ง (${bankName}) ไม่ตรงกับชื่อที่สมาชิกลงทะเบียนไว้ ยังไม่ได้ส่งเงิน รอผู้ใช้งานตรวจสอบ`,
  PAYOUT_INQUIRY_UNAVAILABLE: ({ code }: { code: string }) => `ธนาคารไม่ตอบการตรวจชื่อบัญชี (${code}) ยังไม่ได้ส่งเงิน ส่งให้ธนาคารอีกครั้งหรือปฏิเสธการถอนได้`,
  PAYOUT_BANK_REJECTED: ({ code }: { code: string }) => `ธนาคารปฏิเสธการโอน (${code}) ไม่มีเงินออกจากบัญชี คืนเงินเข้ากระเป๋าหลักแล้ว`,
  PAYOUT_OUTCOME_UNKNOWN: ({ code }: { code: string }) => `ไม่ทราบผลการโอนจากธนาคาร (${code}) เงินอาจออกไปแล้ว จะไม่คืนเงินจนกว่าธนาคารตอบหรือผู้ใช้งานสองคนยืนยันผล`,
  PAYOUT_NOT_UNKNOWN: 'รายการนี้ไม่ได้อยู่ในสถานะไม่ทราบผลแล้ว',
  PAYOUT_NOT_HELD: 'รายการนี้ไม่ได้รอตรวจสอบก่อนส่งให้ธนาคารแล้ว',
  PAYOUT_NO_PROPOSAL: 'ยังไม่มีผู้เสนอผลของรายการนี้ ต้องมีผู้ใช้งานคนหนึ่งเสนอก่อน แล้วอีกคนยืนยัน',
  PAYOUT_PROPOSAL_CHANGED: 'ข้อเสนอของรายการนี้เปลี่ยนไปแล้ว กรุณาโหลดรายการใหม่',
  PAYOUT_PROPOSED: 'บันทึกข้อเสนอแล้ว รอผู้ใช้งานฝ่ายการเงินอีกคนยืนยัน',
  PAYOUT_RESOLVED_PAID: 'ยืนยันแล้วว่าจ่ายเงินสำเร็จ',
  PAYOUT_RESOLVED_REFUNDED: 'ยืนยันแล้วว่าไม่ได้จ่าย คืนเงินเข้ากระเป๋าหลักของสมาชิกแล้ว',
  PAYOUT_ASKED_PAID: 'ธนาคารยืนยันว่าจ่ายเงินแล้ว',
  PAYOUT_ASKED_REJECTED: 'ธนาคารยืนยันว่าไม่ได้โอน คืนเงินเข้ากระเป๋าหลักของสมาชิกแล้ว',
  PAYOUT_ASKED_STILL_UNKNOWN: 'ธนาคารยังไม่ยืนยันผล ระบบจะถามอีกครั้งโดยอัตโนมัติ',
  PAYOUT_SENT_AGAIN: 'ส่งรายการให้ธนาคารอีกครั้งแล้ว',
  PAYOUT_REFUSED: 'ปฏิเสธการถอนแล้ว ไม่มีเงินออกจากบัญชี คืนเงินเข้ากระเป๋าหลักแล้ว',
  IDEMPOTENCY_KEY_INVALID: 'Idempotency-Key ไม่ถูกต้อง',

  // Back-office operators (issue 12)
  TOTP_ENROLLED: 'ตั้งค่าการยืนยันตัวตนสองขั้นตอนสำเร็จ',
  OPERATOR_CREATED: 'เพิ่มผู้ใช้งานหลังบ้านแล้ว',
  OPERATOR_UPDATED: 'บันทึกการเปลี่ยนแปลงผู้ใช้งานแล้ว เซสชันเดิมของผู้ใช้งานนี้สิ้นสุดแล้ว',
  OPERATOR_ENABLED: 'เปิดใช้งานผู้ใช้งานแล้ว',
  OPERATOR_CHANGE_PENDING: 'บันทึกคำขอแล้ว การเปลี่ยนแปลงจะมีผลเมื่อเจ้าของระบบอีกคนอนุมัติ',
  OPERATOR_PASSWORD_SENT: 'ส่งรหัสผ่านชั่วคราวทาง SMS ไปยังเบอร์ของผู้ใช้งานแล้ว',
  OPERATOR_REQUEST_APPROVED: 'อนุมัติคำขอแล้ว การเปลี่ยนแปลงมีผลแล้ว',
  OPERATOR_REQUEST_REJECTED: 'ปฏิเสธคำขอแล้ว',
  OPERATOR_PASSWORD_SMS: ({ site, username, password, hours }: { site: string; username: string; password: string; hours: number }) =>
    `${site} หลังบ้าน: รหัสผ่านชั่วคราวของ ${username} คือ ${password} ใช้ตั้งรหัสผ่านใหม่ภายใน ${hours} ชั่วโมง ห้ามบอกรหัสนี้กับผู้อื่น หากคุณไม่ได้ขอ กรุณาแจ้งเจ้าของระบบ`,
  OPERATOR_PASSWORD_CHANGED: 'เปลี่ยนรหัสผ่านสำเร็จ เซสชันอื่นของคุณสิ้นสุดแล้ว',
  MEMBER_LOCKED: 'ระงับบัญชีสมาชิกแล้ว ทุกเซสชันของสมาชิกสิ้นสุดทันที',
  MEMBER_UNLOCKED: 'ยกเลิกการระงับบัญชีสมาชิกแล้ว',
  MEMBER_SESSIONS_ENDED: 'ออกจากระบบสมาชิกทุกอุปกรณ์แล้ว',
  MEMBER_PASSWORD_RESET: 'รีเซ็ตรหัสผ่านแล้ว ส่งรหัสผ่านชั่วคราวทาง SMS ไปยังเบอร์ที่สมาชิกลงทะเบียนไว้ สมาชิกออกจากระบบทุกอุปกรณ์แล้ว และต้องตั้งรหัสผ่านใหม่เมื่อเข้าสู่ระบบ',
  ADJUSTMENT_APPLIED: 'ปรับยอดเงินสมาชิกแล้ว',
  ADJUSTMENT_PENDING: 'บันทึกคำขอปรับยอดแล้ว ยอดนี้ต้องให้ผู้ใช้งานอีกคนอนุมัติก่อนปรับยอดจริง',

  // The money policy (ADR 035): why an operator's money action waits for a second operator, and its outcomes.
  HOLD_UNCONFIRMED_DEPOSIT: 'ยังไม่มีรายการจากธนาคารยืนยันการโอนนี้',
  HOLD_SENDER_NOT_MEMBER: 'บัญชีหรือชื่อผู้โอนไม่ตรงกับบัญชีที่สมาชิกลงทะเบียนไว้',
  HOLD_MEMBER_AFTER_TRANSFER: 'สมาชิกลงทะเบียนหลังจากที่รายการโอนนี้เข้ามาแล้ว ต้องให้ผู้ใช้งานอีกคนตรวจสอบว่าเป็นเจ้าของเงินจริง',
  HOLD_ABOVE_THRESHOLD: ({ limit }: { limit: number }) => `ยอดรายการเกิน ${baht(limit)} บาท`,
  HOLD_OPERATOR_DAILY_TOTAL: ({ limit }: { limit: number }) => `ยอดที่ผู้ใช้งานคนนี้ทำรายการเงินวันนี้รวมเกิน ${baht(limit)} บาท`,
  HOLD_MEMBER_DAILY_TOTAL: ({ limit }: { limit: number }) => `ยอดที่สมาชิกได้รับจากเจ้าหน้าที่วันนี้รวมเกิน ${baht(limit)} บาท`,
  DEPOSIT_CLAIM_PENDING: 'บันทึกรายการฝากแล้ว จะเติมเครดิตเมื่อรายการจากธนาคารยืนยัน หรือเมื่อผู้ใช้งานอีกคนอนุมัติ',
  DEPOSIT_ASSIGN_PENDING: 'บันทึกคำขอแล้ว รายการนี้ต้องให้ผู้ใช้งานอีกคนอนุมัติก่อนเติมเครดิต',
  DEPOSIT_APPROVAL_WAITING: 'รายการนี้รอผู้ใช้งานอีกคนอนุมัติอยู่แล้ว',
  APPROVAL_NOT_FOUND: 'ไม่พบรายการที่รออนุมัติ',
  APPROVAL_APPLIED: 'อนุมัติรายการแล้ว',
  APPROVAL_REJECTED: 'ปฏิเสธรายการแล้ว',
  CLAIM_CONTRADICTED: 'มีรายการจากธนาคารที่ขัดแย้งกับรายการฝากนี้ กรุณาตรวจสอบในคิวรายการผิดปกติก่อน',
  // The referral plan and limits (ADR 044): proposed by one operator, applied by a second.
  PLAN_PROPOSED: 'บันทึกข้อเสนอแล้ว แผนใหม่จะมีผลเมื่อผู้ใช้งานฝ่ายการเงินอีกคนอนุมัติ',
  PLAN_APPLIED: 'อนุมัติแล้ว แผนใหม่มีผลตั้งแต่ตอนนี้ ยอดเล่นก่อนหน้านี้คิดตามแผนเดิม',
  PLAN_REJECTED: 'ปฏิเสธข้อเสนอแล้ว',
  PLAN_NOT_FOUND: 'ไม่พบข้อเสนอแผนที่รออนุมัติ',
  PLAN_PENDING_EXISTS: 'มีข้อเสนอที่รออนุมัติอยู่แล้ว กรุณาอนุมัติหรือปฏิเสธข้อเสนอนั้นก่อน',
  PLAN_UNCHANGED: 'ค่าที่เสนอเหมือนแผนปัจจุบันทุกค่า',
  // A bank transfer whose reference another record holds (ADR 035): what differs, and the operator's resolution.
  EXCEPTION_AMOUNT: 'ยอดเงินไม่ตรงกับรายการเดิม',
  EXCEPTION_SENDER: 'บัญชีผู้โอนไม่ตรงกับรายการเดิม',
  EXCEPTION_PAY_IN_ACCOUNT: 'บัญชีรับเงินไม่ตรงกับรายการเดิม',
  EXCEPTION_DEPOSIT_LIMIT: ({ period, limit, remaining }: { period: string; limit: bigint; remaining: bigint }) =>
    `เครดิตให้สมาชิกแล้ว แต่ยอดนี้เกินวงเงินฝาก${period}ที่สมาชิกตั้งไว้ ${bahtText(limit)} บาท (ก่อนรายการนี้ฝากได้อีก ${bahtText(remaining)} บาท)`,
  EXCEPTION_DEPOSIT_LIMIT_NO_CREDIT: 'รายการนี้เครดิตให้สมาชิกแล้ว เลือกได้เฉพาะรับทราบ (ปิดรายการ)',
  EXCEPTION_NOT_FOUND: 'ไม่พบรายการผิดปกติ',
  EXCEPTION_CREDITED: 'บันทึกการแก้ไขแล้ว รายการนี้เข้าสู่ขั้นตอนเติมเครดิตให้สมาชิก',
  EXCEPTION_DISMISSED: 'ปิดรายการผิดปกติแล้ว',
  // The daily reconciliation of each pay-in account: what each difference is.
  RECON_NOT_CREDITED: 'เงินเข้าบัญชีแล้วแต่ยังไม่ได้เติมเครดิต',
  RECON_EXCEPTION: 'รายการจากธนาคารที่ขัดแย้งกับรายการเดิม',
  RECON_WITHOUT_FEED: 'เติมเครดิตโดยไม่มีรายการจากธนาคารยืนยัน',
  RECON_CLAIM_PENDING: 'รายการฝากที่เจ้าหน้าที่บันทึก ยังไม่มีรายการจากธนาคารยืนยัน',
  RECON_SLIP_NOT_CREDITED: 'สลิปที่ผู้ตรวจสลิปยืนยันแล้วแต่ยังไม่ได้เติมเครดิต',
  RECON_NOTIFICATION_NOT_JOINED: 'ข้อความแจ้งเงินเข้าที่ยังไม่ได้ผูกกับรายการฝาก',

  // Promotions
  PROMOTION_NOT_FOUND: 'ไม่พบโปรโมชั่นที่เลือก',
  PROMOTION_CANCELLED: 'ยกเลิกโปรโมชั่นแล้ว',
  PROMOTION_HAS_ACTIVE: 'คุณมีโปรโมชั่นที่ยังไม่สิ้นสุดอยู่แล้ว',
  PROMOTION_NEW_MEMBERS_ONLY: 'โปรโมชั่นนี้สำหรับสมาชิกใหม่เท่านั้น',
  PROMOTION_OLD_MEMBERS_ONLY: 'โปรโมชั่นนี้สำหรับสมาชิกเก่าเท่านั้น',
  PROMOTION_BELOW_MIN_DEPOSIT: ({ limit }: { limit: bigint }) => `โปรโมชั่นนี้ต้องฝากขั้นต่ำ ${bahtText(limit)} บาท`,
  PROMOTION_ABOVE_MAX_DEPOSIT: ({ limit }: { limit: bigint }) => `โปรโมชั่นนี้ฝากได้สูงสุด ${bahtText(limit)} บาท`,
  PROMOTION_TARGET_CREDIT: ({ target }: { target: bigint }) => `ยอดเงินต้องถึง ${bahtText(target)} บาท`,
  PROMOTION_TARGET_TURNOVER: ({ left }: { left: bigint }) => `ยอดเล่นอีก ${bahtText(left)} บาท`,
  PROMOTION_WITHDRAW_BLOCKED: ({ left }: { left: string }) => `ยังถอนไม่ได้ เนื่องจากยังทำยอดโปรโมชั่นไม่ครบ (${left})`,
  // Why a promotion ended (stored with it).
  PROMOTION_ENDED_DUST: 'ยอดเงินต่ำกว่า 1 บาท',
  PROMOTION_ENDED_WITHDRAWN: 'ถอนเงินตามเงื่อนไขแล้ว',
  PROMOTION_ENDED_EXCLUSION: 'ผู้เล่นเลือกพักการเล่น โบนัสที่ได้รับถูกยกเลิก',
  // The back-office promotions editor.
  PROMOTION_PROPOSED: 'บันทึกฉบับแก้ไขแล้ว รอผู้ใช้งานอีกคนที่มีสิทธิ์อนุมัติเงินตรวจและเผยแพร่',
  PROMOTION_PUBLISHED: 'เผยแพร่โปรโมชั่นแล้ว ผู้เล่นเห็นเงื่อนไขใหม่ทันที ผู้ที่รับโปรโมชั่นไปแล้วยังใช้เงื่อนไขเดิม',
  PROMOTION_REJECTED: 'ปฏิเสธฉบับแก้ไขแล้ว',
  PROMOTION_DISABLED: 'ปิดโปรโมชั่นแล้ว ผู้เล่นจะไม่เห็นและรับโปรโมชั่นนี้ไม่ได้อีก',
  PROMOTION_VERSION_NOT_FOUND: 'ไม่พบฉบับแก้ไขของโปรโมชั่นนี้',
  PROMOTION_VERSION_DECIDED: 'ฉบับแก้ไขนี้ถูกเผยแพร่ ปฏิเสธ หรือมีฉบับใหม่กว่ามาแทนแล้ว กรุณาโหลดรายการใหม่',
  PROMOTION_ALREADY_DISABLED: 'โปรโมชั่นนี้ปิดอยู่แล้ว',
  PROMOTION_UNKNOWN_PROVIDER: ({ codes }: { codes: string }) => `ไม่พบค่ายเกมในระบบ: ${codes} กรุณาเลือกจากรายการ`,

  // Why the signed-in operator may not decide a waiting item (ADR 075): the action, until when, who acts instead.
  DECIDE_TOO_NEW: ({ action, until }: { action: DeskAction; until: Date }) =>
    `บัญชีของคุณเพิ่งถูกสร้าง หรือเพิ่งถูกรีเซ็ตรหัสผ่านหรือการยืนยันตัวตน จึงยัง${deskActions[action].verb}ไม่ได้จนถึง ${bangkokDateTime.format(Number(until))}`,
  DECIDE_OWN: ({ action }: { action: DeskAction }) => `คุณเป็นผู้เสนอรายการนี้เอง จึง${deskActions[action].verb}เองไม่ได้ รอ${deskActions[action].who}อีกคนที่ไม่ใช่ผู้เสนอ`,
  DECIDE_RELATED: ({ action, proposer, until }: { action: DeskAction; proposer: string; until?: Date | undefined }) =>
    `คุณกับ ${proposer} ผู้เสนอ อาจเป็นคนเดียวกัน (สร้าง เปลี่ยนเบอร์ รีเซ็ต หรือเปลี่ยนบทบาทให้กัน) จึง${deskActions[action].verb}รายการนี้ไม่ได้` +
    (until ? `จนถึง ${bangkokDateTime.format(Number(until))}` : '') +
    ` รอ${deskActions[action].who}อีกคนที่ไม่ใช่ ${proposer} และไม่เกี่ยวข้องกับ ${proposer}`,

  // Time-out and self-exclusion (ADR 047)
  EXCLUSION_STARTED: 'เริ่มพักการเล่นแล้ว ระบบได้ออกจากระบบในทุกอุปกรณ์ของคุณ',
  EXCLUDED_UNTIL: ({ until }: { until: Date }) => `บัญชีของคุณอยู่ในช่วงพักการเล่นจนถึง ${bangkokDateTime.format(Number(until))} ระหว่างนี้ถอนเงินและดูประวัติได้เท่านั้น`,
  DEPOSIT_DURING_EXCLUSION: '[รับระหว่างสมาชิกพักการเล่น: เข้ากระเป๋าเงินของสมาชิกตามปกติ ไม่รับโปรโมชั่น]',
  EXCLUDED_FOR_GOOD: 'บัญชีของคุณพักการเล่นแบบถาวร ถอนเงินและดูประวัติได้เท่านั้น',

  // Referral
  REFERRAL_TRANSFERRED: 'โอนเข้ากระเป๋าหลักสำเร็จ',
  REFERRAL_NOTHING: 'ไม่มียอดที่สามารถโอนได้',
  UPLINE_NOT_FOUND: 'ไม่พบผู้แนะนำจากลิงก์นี้',
  REFERRAL_BELOW_MIN: ({ min }: { min: number }) => `ยอดขั้นต่ำในการโอนคือ ${baht(min)} บาท`,
  REFERRAL_FRIDAYS_ONLY: 'โอนเข้ากระเป๋าหลักได้เฉพาะวันศุกร์เท่านั้น',
  REFERRAL_FIRSTS_ONLY: 'โอนเข้ากระเป๋าหลักได้เฉพาะวันที่ 1 ของทุกเดือนเท่านั้น',
  REFERRAL_DONE_TODAY: 'วันนี้โอนเข้ากระเป๋าหลักไปแล้ว โอนได้อีกครั้งในวันพรุ่งนี้',
  REFERRAL_DONE_THIS_WEEK: 'สัปดาห์นี้โอนเข้ากระเป๋าหลักไปแล้ว โอนได้อีกครั้งในวันศุกร์หน้า',
  REFERRAL_DONE_THIS_MONTH: 'เดือนนี้โอนเข้ากระเป๋าหลักไปแล้ว โอนได้อีกครั้งในวันที่ 1 ของเดือนหน้า',
  REFERRAL_DAY_NOT_OVER: 'ยังไม่สิ้นสุดวันดังกล่าว (ตามเวลาประเทศไทย) คำนวณได้ตั้งแต่วันถัดไป',
  REFERRAL_ACCRUED: 'คำนวณค่าแนะนำและยอดคืนเรียบร้อย',

  // Responsible play: the player's own limits and the session reminder (ADR 048)
  LIMIT_PERIOD_DAY: 'รายวัน',
  LIMIT_PERIOD_WEEK: 'รายสัปดาห์',
  LIMIT_PERIOD_MONTH: 'รายเดือน',
  DEPOSIT_LIMIT_REMAINING: ({ period, remaining }: { period: string; remaining: bigint }) =>
    `ยอดฝากนี้เกินวงเงินฝาก${period}ที่คุณตั้งไว้ ฝากได้อีก ${bahtText(remaining)} บาท`,
  // What is left under the limit is below the minimum deposit: no deposit is possible until the period resets.
  DEPOSIT_LIMIT_REACHED: ({ period, min, until }: { period: string; min: bigint; until: Date }) =>
    `วงเงินฝาก${period}ที่คุณตั้งไว้เหลือไม่ถึงยอดฝากขั้นต่ำ ${bahtText(min)} บาท จึงยังฝากไม่ได้ ฝากได้อีกครั้งตั้งแต่ ${bangkokDateTime.format(Number(until))}`,
  LIMIT_SAVED: 'บันทึกวงเงินแล้ว มีผลทันที',
  LIMIT_PENDING: 'บันทึกคำขอแล้ว การเพิ่มหรือยกเลิกวงเงินมีผลเมื่อครบ 24 ชั่วโมงและคุณยืนยันอีกครั้ง',
  LIMIT_UNCHANGED: 'วงเงินนี้ตรงกับที่ตั้งไว้แล้ว',
  LIMIT_CONFIRMED: 'ยืนยันการเปลี่ยนวงเงินแล้ว มีผลทันที',
  LIMIT_CANCELLED: 'ยกเลิกคำขอเปลี่ยนวงเงินแล้ว',
  LIMIT_NOTHING_PENDING: 'ไม่มีคำขอเปลี่ยนวงเงินที่รอยืนยัน',
  LIMIT_NOT_YET: ({ at }: { at: string }) => `ยืนยันได้เมื่อครบ 24 ชั่วโมงหลังคำขอ (ตั้งแต่ ${at})`,
  LIMIT_NONE_TO_REMOVE: 'ยังไม่ได้ตั้งวงเงินนี้',
  REMINDER_ACKNOWLEDGED: 'รับทราบแล้ว',
  CARE_PROMPT_NOT_DUE: 'ไม่มีคำถามนี้ให้ตอบในขณะนี้',
  CARE_NO_DEPOSIT_LIMIT: 'ยังไม่ได้ตั้งวงเงินฝาก กรุณาตั้งวงเงินก่อน',
  CARE_ANSWERED: 'บันทึกแล้ว ขอบคุณค่ะ',
  CARE_DECLINED: 'บันทึกแล้วว่าคุณไม่ต้องการตั้งวงเงินฝากในตอนนี้ ตั้งได้ทุกเมื่อที่หน้าเล่นอย่างรับผิดชอบ',
  CARE_TASK_CLOSED: 'งานดูแลนี้ปิดไปแล้ว',
  CARE_FUTURE_INTERACTION: 'เวลาที่ติดต่อต้องไม่อยู่ในอนาคต',
  CARE_RECORDED: 'บันทึกการดูแลแล้ว',
  // The markers checked now by an operator (ADR 090, amended 2026-11-30): how many tasks the check opened.
  CARE_EVALUATED: ({ opened }: { opened: number }) => (opened > 0 ? `เปิดงานดูแลใหม่ ${opened} งาน` : 'ไม่มีงานดูแลใหม่'),
  CARE_EVALUATE_BUSY: 'ระบบกำลังตรวจสัญญาณอยู่ กรุณาลองอีกครั้งในอีกสักครู่',

  // LINE for players (ADR 088): the replies in the chat and the account page's answers.
  LINE_LINK_REPLY: ({ site, url }: { site: string; url: string }) => `เชื่อมต่อ LINE กับบัญชี ${site} ของคุณ: แตะลิงก์นี้ภายใน 10 นาที แล้วเข้าสู่ระบบเพื่อยืนยัน ${url}`,
  LINE_LINKED_REPLY: ({ site }: { site: string }) => `เชื่อมต่อ LINE กับบัญชี ${site} แล้ว ตั้งค่าการแจ้งเตือนได้ที่หน้าบัญชีของคุณ`,
  LINE_LINK_FAILED_REPLY: 'เชื่อมต่อ LINE ไม่สำเร็จ ลิงก์อาจหมดอายุ หรือบัญชี LINE นี้เชื่อมต่อกับสมาชิกคนอื่นอยู่แล้ว กรุณาส่งข้อความอีกครั้งเพื่อรับลิงก์ใหม่',
  LINE_NOTICES_SAVED: 'บันทึกการแจ้งเตือนทาง LINE แล้ว',
  LINE_UNLINKED: 'ยกเลิกการเชื่อมต่อ LINE แล้ว',

  // AML and fraud rules and cases (issue 39 §1, §2, ADR 089).
  HOLD_RISK_CASE_OPEN: 'สมาชิกมีเคสตรวจสอบความเสี่ยงที่ยังเปิดอยู่ การถอนเงินต้องรอจนกว่าเคสจะปิด',
  RISK_CASE_HOLD: ({ caseId }: { caseId: number }) => `การถอนเงินของสมาชิกนี้รอผลการตรวจสอบเคสความเสี่ยง #${caseId} จ่ายได้เมื่อปิดเคสแล้ว`,
  RISK_REFERRAL_HELD: 'ค่าแนะนำเพื่อนของคุณถูกพักไว้ระหว่างการตรวจสอบบัญชี กรุณาติดต่อเจ้าหน้าที่',
  RISK_CASE_NOT_FOUND: 'ไม่พบเคสตรวจสอบความเสี่ยง',
  RISK_ALERT_NOT_FOUND: 'ไม่พบการแจ้งเตือนความเสี่ยง',
  RISK_CASE_CLOSED: 'เคสนี้ปิดแล้ว',
  RISK_CLOSE_WAITING: 'มีการขอปิดเคสนี้รอผู้ใช้งานอีกคนยืนยันอยู่แล้ว',
  RISK_CLOSE_NONE: 'ไม่มีการขอปิดเคสที่รอยืนยัน',
  RISK_CLOSE_PENDING: 'บันทึกการขอปิดเคสแล้ว ผลนี้ต้องให้ผู้ใช้งานอีกคนยืนยันก่อนปิดเคส',
  RISK_CASE_CLOSED_DONE: 'ปิดเคสแล้ว',
  RISK_STR_NEEDS_CONFIRMED: 'รายงานธุรกรรมที่มีเหตุอันควรสงสัยได้เฉพาะเคสที่ผลเป็นความเสี่ยงที่ยืนยันแล้วหรือการแจ้งเตือนที่มีประโยชน์',
  RISK_ASSIGNEE_NOT_FOUND: 'ไม่พบผู้ใช้งานที่จะมอบหมายเคส',
  RISK_DUE_IN_PAST: 'วันครบกำหนดต้องเป็นเวลาในอนาคต',
  RISK_PARAMS_PENDING_EXISTS: 'มีข้อเสนอค่าของกฎความเสี่ยงรออนุมัติอยู่แล้ว กรุณาอนุมัติหรือปฏิเสธข้อเสนอนั้นก่อน',
  RISK_PARAMS_NOT_FOUND: 'ไม่พบข้อเสนอค่าของกฎความเสี่ยงที่รออนุมัติ',
  RISK_PARAMS_UNCHANGED: 'ค่าที่เสนอเหมือนค่าปัจจุบันทุกค่า',
  RISK_PARAMS_PROPOSED: 'บันทึกข้อเสนอแล้ว ค่าใหม่จะมีผลเมื่อผู้ใช้งานอีกคนอนุมัติ',
  RISK_PARAMS_APPLIED: 'อนุมัติแล้ว ค่าใหม่ของกฎความเสี่ยงมีผลตั้งแต่ตอนนี้',
  RISK_R1: 'ถอนเงินโดยยอดเล่นตั้งแต่การถอนครั้งก่อนต่ำกว่ายอดฝาก',
  RISK_R2: 'ฝากหลายครั้งใน 24 ชั่วโมง แต่ละครั้งต่ำกว่าเกณฑ์เล็กน้อย (แบ่งยอดฝาก)',
  RISK_R3: 'บัญชีธนาคาร อุปกรณ์ หรือเครือข่ายเดียวกันใช้ร่วมกับผู้เล่นคนอื่น',
  RISK_R4: 'เครือข่ายแนะนำเพื่อนผิดปกติ (ใช้อุปกรณ์ บัญชี หรือที่อยู่ร่วมกัน วนกัน หรือเพื่อนเล่นน้อยกว่ายอดฝาก)',
  RISK_R5: 'ใช้โบนัสผิดปกติ (ถอนก่อนทำยอดโบนัสครบ หรือโบนัสฝากแรกหลายบัญชีเข้าบัญชีธนาคารเดียว)',
  RISK_R6: 'เงินฝากมาจากบัญชีที่ไม่ใช่บัญชีที่สมาชิกลงทะเบียนไว้',
  RISK_R7: 'ถอนเงินเกินจำนวนครั้งที่กำหนดใน 24 ชั่วโมง',
  RISK_R8: 'ฝากเงินจำนวนมาก ต้องตรวจสอบเพิ่มเติม',
  RISK_R9: 'บัญชีไม่มีความเคลื่อนไหวนานแล้วกลับมาฝากเงินจำนวนมาก',
  RISK_R10: 'ถอนเงินเกือบทั้งหมดภายในไม่นานหลังฝาก',
  // Seamless wallet answers (the `message` beside a status)
  SEAMLESS_INSUFFICIENT_FUNDS: 'ยอดเงินไม่เพียงพอ',
  SEAMLESS_LIMIT_EXCEEDED: 'เดิมพันนี้เกินวงเงินเสียรายวันที่ผู้เล่นตั้งไว้',
  SEAMLESS_INVALID_SESSION: 'เซสชันเกมไม่ถูกต้องหรือหมดอายุ',
  SEAMLESS_PLAYER_BLOCKED: 'บัญชีนี้ถูกระงับการใช้งาน',
  SEAMLESS_DUPLICATE: 'รหัสรายการนี้ถูกใช้กับข้อมูลอื่นแล้ว',
  SEAMLESS_TX_NOT_FOUND: 'ไม่พบรายการเดิมพันที่อ้างถึง',
  SEAMLESS_BET_ROLLED_BACK: 'รายการเดิมพันนี้ถูกยกเลิกไปก่อนแล้ว',
  SEAMLESS_ALREADY_SETTLED: 'รายการเดิมพันนี้ได้รับการชำระหรือยกเลิกไปแล้ว',
  SEAMLESS_ROUND_OF_ANOTHER_PLAYER: 'รอบเกมนี้เป็นของผู้เล่นอื่น',
  SEAMLESS_BAD_BODY: 'ข้อมูลไม่ถูกต้อง',
  SEAMLESS_NEED_TX_ROUND_AMOUNT: 'ต้องมี tx_id, round_id และ amount',
  SEAMLESS_NEED_REF_TX: 'ต้องมี ref_tx_id',
  SEAMLESS_BET_NOT_POSITIVE: 'ยอดเดิมพันต้องมากกว่า 0',

  // Player notices (issue 38 §1, ADR 087): no link, no promotion; SMS carries only the payout's status.
  NOTICE_DEPOSIT_CREDITED: ({ site, amount }: { site: string; amount: bigint }) => `${site}: เติมเงิน ${bahtText(amount)} บาท เข้ายอดเงินของคุณแล้ว`,
  NOTICE_PAYOUT_PAID: ({ site, amount }: { site: string; amount: bigint }) => `${site}: โอนเงินถอน ${bahtText(amount)} บาท ไปยังบัญชีธนาคารของคุณแล้ว`,
  NOTICE_PAYOUT_REFUSED: ({ site, amount }: { site: string; amount: bigint }) =>
    `${site}: รายการถอน ${bahtText(amount)} บาท ไม่สำเร็จ เงินคืนเข้ายอดเงินของคุณแล้ว หากมีข้อสงสัย กรุณาติดต่อเจ้าหน้าที่`,
  NOTICE_LIMIT_APPLIED: ({ site }: { site: string }) => `${site}: วงเงินที่คุณตั้งไว้มีผลแล้ว ดูรายละเอียดได้ที่หน้าการเล่นอย่างรับผิดชอบ`,
  NOTICE_LIMIT_PENDING: ({ site, at }: { site: string; at: number }) =>
    `${site}: รับคำขอเปลี่ยนวงเงินแล้ว ยืนยันได้ตั้งแต่ ${bangkokDateTime.format(Number(at))} และจะมีผลเมื่อคุณยืนยันอีกครั้ง หากคุณไม่ได้ขอ กรุณาติดต่อเจ้าหน้าที่`,
  NOTICE_EXCLUSION: ({ site, until }: { site: string; until: number | null }) =>
    `${site}: บัญชีของคุณพักการเล่น${until ? `ถึง ${bangkokDateTime.format(Number(until))}` : 'ถาวร'} ระหว่างนี้ฝากเงินและเล่นเกมไม่ได้ ถอนเงินได้ตามปกติ หากคุณไม่ได้เลือก กรุณาติดต่อเจ้าหน้าที่`,

  // The desk's alerts (issue 38 §4, ADR 087): what happened, then what to do.
  DESK_ALERT_WITHDRAWAL_WAITING: ({ id, amount, minutes }: { id: number; amount: bigint; minutes: number }) =>
    `รายการถอน #${id} ยอด ${bahtText(amount)} บาท รอเกิน ${minutes} นาที`,
  DESK_ALERT_WITHDRAWAL_WAITING_TODO: 'ตรวจสอบและอนุมัติหรือปฏิเสธที่หน้ารายการถอน',
  DESK_ALERT_DEPOSIT_EXCEPTION: ({ id, amount }: { id: number; amount: bigint }) => `รายการฝากที่ต้องตรวจสอบ #${id} ยอด ${bahtText(amount)} บาท`,
  DESK_ALERT_DEPOSIT_EXCEPTION_TODO: 'ตรวจสอบรายการแล้วเติมเครดิตให้สมาชิกหรือปิดรายการที่หน้ารายการผิดปกติ',
  DESK_ALERT_PAYOUT_UNKNOWN: ({ id, amount }: { id: number; amount: bigint }) => `ไม่ทราบผลการโอนเงินถอน #${id} ยอด ${bahtText(amount)} บาท`,
  DESK_ALERT_PAYOUT_UNKNOWN_TODO: 'ตรวจสอบยอดในบัญชีธนาคารก่อน ห้ามโอนซ้ำ แล้วบันทึกผลที่หน้าการจ่ายเงิน',
  DESK_ALERT_RECONCILIATION_DIFFERENCE: ({ day, count }: { day: string; count: number }) => `กระทบยอดวันที่ ${day} มีรายการไม่ตรงกัน ${count} รายการ`,
  DESK_ALERT_RECONCILIATION_DIFFERENCE_TODO: 'เปิดหน้ากระทบยอด ตรวจสอบทีละรายการกับบัญชีธนาคาร',
  DESK_ALERT_FAILOVER: ({ from, to }: { from: string; to: string }) => `ฐานข้อมูลหลักเปลี่ยนจาก ${from} เป็น ${to}`,
  DESK_ALERT_FAILOVER_TODO: 'ตรวจสอบบัญชีแยกประเภทและรายการที่ไม่ทราบผล และแจ้งผู้ดูแลระบบ',
  DESK_ALERT_SMS_NO_CREDIT: 'เครดิต SMS หมด ระบบส่ง OTP และข้อความไม่ได้',
  DESK_ALERT_SMS_NO_CREDIT_TODO: 'เติมเครดิตที่ผู้ให้บริการ SMS ระบบจะส่งข้อความที่รออยู่ให้เอง',
  DESK_ALERT_SMS_CREDIT_LOW: ({ credit, threshold }: { credit: number; threshold: number }) =>
    `เครดิต SMS เหลือ ${credit} ต่ำกว่าเกณฑ์แจ้งเตือน ${threshold} เมื่อหมดระบบจะส่ง OTP และข้อความไม่ได้`,
  DESK_ALERT_SMS_CREDIT_LOW_TODO: 'เติมเครดิตที่บัญชีผู้ให้บริการ SMS ก่อนเครดิตหมด',
  DESK_ALERT_SMS_UNAUTHORIZED: 'ผู้ให้บริการ SMS ปฏิเสธรหัสเชื่อมต่อ',
  DESK_ALERT_SMS_UNAUTHORIZED_TODO: 'ตรวจสอบคีย์และรหัสลับของผู้ให้บริการ SMS ในการตั้งค่าเซิร์ฟเวอร์',
  DESK_ALERT_LINE_QUOTA: ({ used, quota }: { used: number; quota: number }) => `ใช้โควตาข้อความ LINE ไปแล้ว ${used} จาก ${quota} ข้อความในเดือนนี้`,
  DESK_ALERT_LINE_QUOTA_TODO: 'เพิ่มแพ็กเกจของ LINE Official Account ก่อนโควตาหมด ข้อความที่เกินจะส่งไม่ได้',
  DESK_ALERT_LINE_QUOTA_SPENT: 'โควตาข้อความ LINE ของเดือนนี้หมดแล้ว ระบบส่งแจ้งเตือนทาง LINE ถึงสมาชิกและกลุ่มหลังบ้านไม่ได้',
  DESK_ALERT_LINE_QUOTA_SPENT_TODO: 'เพิ่มแพ็กเกจหรือซื้อข้อความเพิ่มที่ LINE Official Account Manager ข้อความที่รออยู่ระบบจะส่งให้เองเมื่อมีโควตา (OTP ทาง SMS ไม่ได้รับผลกระทบ)',
  DESK_ALERT_LINE_UNAUTHORIZED: 'LINE ปฏิเสธรหัสเชื่อมต่อ (channel access token) ระบบส่งข้อความทาง LINE ไม่ได้',
  DESK_ALERT_LINE_UNAUTHORIZED_TODO: 'ตรวจสอบ channel access token หรือกุญแจของ LINE Official Account ใน LINE Developers Console และในการตั้งค่าเซิร์ฟเวอร์',
  DESK_ALERT_LINE: ({ title, todo, link }: { title: string; todo: string; link: string }) => `[แจ้งเตือนหลังบ้าน] ${title}\nสิ่งที่ต้องทำ: ${todo}\n${link}`,
} as const

export type MessageId = keyof typeof messageCatalogue

/** The values a text needs: none for a plain text, its one named-parameter object for a function. */
export type MessageParams<K extends MessageId> = (typeof messageCatalogue)[K] extends (params: infer P) => string ? [params: P] : []

/** The Thai text of a message id, with its values filled in. */
export function msg<K extends MessageId>(id: K, ...params: MessageParams<K>): string {
  const entry: string | ((params: never) => string) = messageCatalogue[id]
  return typeof entry === 'string' ? entry : (entry as (params: unknown) => string)(params[0])
}
