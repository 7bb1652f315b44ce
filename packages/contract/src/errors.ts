/**
 * Stable error codes of the HTTP contract, their HTTP status and the default Thai message.
 * The server throws `AppError(code)`; the body is `{ success: false, code, message, errors? }`.
 */
export const errorCatalogue = {
  VALIDATION_FAILED: { status: 400, message: 'ข้อมูลไม่ถูกต้อง กรุณาตรวจสอบอีกครั้ง' },
  MALFORMED_JSON: { status: 400, message: 'รูปแบบข้อมูลไม่ถูกต้อง' },
  PASSWORD_TOO_COMMON: { status: 400, message: 'รหัสผ่านนี้ถูกใช้บ่อยและเดาได้ง่าย กรุณาตั้งรหัสผ่านอื่น' },
  PASSWORD_NOT_CHANGED: { status: 400, message: 'รหัสผ่านใหม่ต้องไม่ซ้ำกับรหัสผ่านชั่วคราว กรุณาตั้งรหัสผ่านใหม่ที่มีเพียงคุณที่รู้' },
  UNAUTHORIZED: { status: 401, message: 'กรุณาเข้าสู่ระบบใหม่อีกครั้ง' },
  BAD_CREDENTIALS: { status: 401, message: 'ชื่อผู้ใช้หรือรหัสผ่านไม่ถูกต้อง' },
  OTP_REQUIRED: { status: 401, message: 'กรุณากรอกรหัสยืนยัน 6 หลักจากแอปยืนยันตัวตน (รหัสแต่ละชุดใช้ได้ครั้งเดียว)' },
  TOTP_ENROLL_REQUIRED: { status: 403, message: 'กรุณาตั้งค่าการยืนยันตัวตนสองขั้นตอนก่อนใช้งานระบบหลังบ้าน' },
  FORBIDDEN: { status: 403, message: 'ไม่มีสิทธิ์ทำรายการนี้' },
  ACCOUNT_LOCKED: { status: 403, message: 'บัญชีนี้ถูกระงับการใช้งาน กรุณาติดต่อเจ้าหน้าที่' },
  PASSWORD_CHANGE_REQUIRED: { status: 403, message: 'รหัสผ่านนี้เป็นรหัสผ่านชั่วคราว กรุณาตั้งรหัสผ่านใหม่ก่อนเข้าสู่ระบบ' },
  TEMPORARY_PASSWORD_EXPIRED: { status: 403, message: 'รหัสผ่านชั่วคราวหมดอายุแล้ว กรุณาติดต่อเจ้าหน้าที่' },
  OPERATOR_TOO_NEW: {
    status: 403,
    message: 'บัญชีนี้เพิ่งถูกสร้าง หรือเพิ่งถูกรีเซ็ตรหัสผ่านหรือการยืนยันตัวตน จึงยังอนุมัติรายการเงินไม่ได้จนครบ 24 ชั่วโมง',
  },
  PLAYER_EXCLUDED: { status: 403, message: 'บัญชีของคุณอยู่ในช่วงพักการเล่น ระหว่างนี้ถอนเงินและดูประวัติได้เท่านั้น' },
  UNDO_NEEDS_HIGHER_ROLE: { status: 403, message: 'รายการนี้ทำโดยผู้ใช้งานที่มีบทบาทสูงกว่า จึงยกเลิกไม่ได้ กรุณาให้ผู้ใช้งานในบทบาทนั้นดำเนินการ' },
  NOT_FOUND: { status: 404, message: 'ไม่พบข้อมูลที่ต้องการ' },
  MOBILE_TAKEN: { status: 409, message: 'เบอร์โทรศัพท์นี้ถูกใช้งานแล้ว' },
  TOTP_ALREADY_ENROLLED: { status: 409, message: 'บัญชีนี้ตั้งค่าการยืนยันตัวตนสองขั้นตอนแล้ว' },
  OPERATOR_USERNAME_TAKEN: { status: 409, message: 'ชื่อผู้ใช้นี้ถูกใช้งานแล้ว' },
  OPERATOR_SELF_CHANGE: { status: 409, message: 'ไม่สามารถเปลี่ยนสิทธิ์ ระงับ หรือรีเซ็ตบัญชีของตนเองได้ ให้เจ้าของระบบคนอื่นดำเนินการ' },
  FOUR_EYES_SAME_OPERATOR: { status: 409, message: 'คุณอนุมัติรายการนี้ไปแล้ว ยอดนี้ต้องให้ผู้ใช้งานอีกคนเป็นผู้อนุมัติครั้งที่สอง' },
  FOUR_EYES_RELATED_OPERATOR: {
    status: 409,
    message: 'ผู้ใช้งานสองคนนี้เกี่ยวข้องกัน (สร้างหรือเปลี่ยนบทบาทโดยเจ้าของคนเดียวกันหรือโดยกันและกัน หรือรีเซ็ตภายใน 30 วัน) จึงอนุมัติรายการเดียวกันไม่ได้ กรุณาให้ผู้ใช้งานอื่นอนุมัติ',
  },
  OPERATOR_REQUEST_OWN: { status: 409, message: 'คำขอนี้ต้องให้เจ้าของระบบอีกคน ที่ไม่ใช่ผู้เสนอและไม่ใช่ผู้ใช้งานที่ถูกเปลี่ยน เป็นผู้อนุมัติ' },
  OPERATOR_REQUEST_DECIDED: { status: 409, message: 'คำขอนี้ได้รับการพิจารณาไปแล้ว' },
  OPERATOR_REQUEST_PENDING: { status: 409, message: 'มีคำขอเปลี่ยนแปลงผู้ใช้งานนี้รออนุมัติอยู่แล้ว กรุณาให้เจ้าของระบบอีกคนพิจารณาก่อน' },
  OPERATOR_NO_PHONE: {
    status: 422,
    message: 'ผู้ใช้งานนี้ยังไม่มีเบอร์โทรศัพท์สำหรับรับรหัสผ่านชั่วคราว กรุณาเพิ่มเบอร์โทรศัพท์ของผู้ใช้งานก่อน',
  },
  EXCLUSION_ALREADY_LONGER: { status: 409, message: 'คุณพักการเล่นอยู่แล้วและจะสิ้นสุดช้ากว่าระยะเวลาที่เลือก การพักการเล่นยกเลิกหรือย่นให้สั้นลงไม่ได้' },
  LAST_OWNER: { status: 409, message: 'ต้องมีเจ้าของระบบที่ใช้งานได้อย่างน้อยหนึ่งคน' },
  CONFLICT: { status: 409, message: 'รายการนี้ถูกดำเนินการไปแล้ว' },
  BANK_REF_TAKEN: { status: 409, message: 'เลขอ้างอิงธนาคารนี้ถูกบันทึกในระบบแล้ว หากรายการยังไม่ถูกจับคู่ ให้มอบรายการนั้นให้สมาชิกจากคิวรายการฝากที่ยังไม่จับคู่' },
  BANK_ACCOUNT_TAKEN: { status: 410, message: 'เลขบัญชีนี้ถูกใช้งานแล้ว' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'ข้อมูลมีขนาดใหญ่เกินไป' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'รองรับเฉพาะข้อมูลแบบ JSON เท่านั้น' },
  OTP_INVALID: { status: 422, message: 'รหัส OTP ไม่ถูกต้องหรือหมดอายุ' },
  OTP_ATTEMPTS_EXCEEDED: { status: 422, message: 'กรอกรหัส OTP ผิดเกินจำนวนครั้งที่กำหนด กรุณาสมัครใหม่เพื่อขอรหัสใหม่' },
  OLD_PASSWORD_WRONG: { status: 422, message: 'รหัสผ่านเดิมไม่ถูกต้อง' },
  RULE_REFUSED: { status: 422, message: 'ไม่สามารถทำรายการได้' },
  PROMOTION_PROHIBITED: { status: 422, message: 'โปรโมชั่นที่คุณรับอยู่ไม่อนุญาตให้เล่นเกมนี้' },
  PROMOTION_PROHIBITED_LOBBY: { status: 422, message: 'โปรโมชั่นที่คุณรับอยู่ไม่อนุญาตให้เล่นเกมบางประเภทของค่ายนี้ กรุณาเลือกเล่นทีละเกมจากหน้าล็อบบี้' },
  INSUFFICIENT_FUNDS: { status: 422, message: 'ยอดเงินไม่เพียงพอ' },
  LIMIT_EXCEEDED: { status: 422, message: 'รายการนี้เกินวงเงินที่คุณตั้งไว้ในเมนูเล่นอย่างรับผิดชอบ' },
  SESSION_REMINDER_DUE: { status: 422, message: 'กรุณารับทราบการแจ้งเตือนเวลาเล่นก่อนเล่นต่อ' },
  IDEMPOTENCY_MISMATCH: { status: 409, message: 'รหัสอ้างอิงคำขอนี้ถูกใช้กับข้อมูลอื่นแล้ว' },
  BAD_SIGNATURE: { status: 401, message: 'ลายเซ็นไม่ถูกต้อง' },
  SIGNATURE_EXPIRED: { status: 401, message: 'เวลาในคำขอคลาดเคลื่อนเกิน 5 นาที กรุณาตรวจสอบนาฬิกาของระบบแล้วลงลายเซ็นใหม่' },
  OTP_RESEND_TOO_SOON: { status: 429, message: 'กรุณารอสักครู่ก่อนขอรหัส OTP ใหม่' },
  RATE_LIMITED: { status: 429, message: 'ทำรายการบ่อยเกินไป กรุณาลองใหม่ภายหลัง' },
  INTERNAL: { status: 500, message: 'เกิดข้อผิดพลาด กรุณาลองใหม่อีกครั้ง' },
  SMS_FAILED: { status: 503, message: 'ส่ง SMS ไม่สำเร็จ กรุณาลองใหม่อีกครั้ง' },
  // A code or a one-time password is never sent again (ADR 083): the person asks for a new one.
  OUTBOX_NOT_RESENDABLE: { status: 409, message: 'ส่งข้อความนี้ซ้ำไม่ได้ ข้อความที่มีรหัสหมดอายุแล้ว ให้ผู้ใช้ขอรหัสใหม่ หรือข้อความนี้ยังไม่ได้ล้มเหลว' },
  // LINE for players (ADR 088).
  LINE_OFF: { status: 404, message: 'เว็บไซต์นี้ยังไม่เปิดให้เชื่อมต่อ LINE' },
  LINE_LINK_EXPIRED: { status: 410, message: 'ลิงก์เชื่อมต่อ LINE หมดอายุหรือถูกใช้ไปแล้ว กรุณาส่งข้อความหา LINE Official Account อีกครั้งเพื่อรับลิงก์ใหม่' },
  LINE_TAKEN: { status: 409, message: 'บัญชี LINE นี้เชื่อมต่อกับสมาชิกคนอื่นอยู่แล้ว หนึ่งบัญชี LINE เชื่อมต่อได้กับสมาชิกเพียงคนเดียว' },
  DEPENDENCY_DOWN: { status: 503, message: 'ระบบไม่พร้อมให้บริการชั่วคราว กรุณาลองใหม่ภายหลัง' },
} as const satisfies Record<string, { status: number; message: string }>

export type ErrorCode = keyof typeof errorCatalogue

export const errorCodes = Object.keys(errorCatalogue) as ErrorCode[]

/** One field-level problem, for forms that mark the field. */
export interface FieldError {
  path: string
  message: string
}

/** The body of every failed answer. */
export interface ErrorBody {
  success: false
  code: ErrorCode
  message: string
  errors?: FieldError[]
}
