// Notification texts in each bank's wording (ADR 080 says what each is based on and what real samples must confirm).
// Every account, name and amount here is invented. The phone received them at 09:15:20 Bangkok time, 29 Nov 2026.

export const RECEIVED_AT = new Date('2026-11-29T02:15:20Z')
/** 09:15 Bangkok on the day above, as the texts print it. */
export const OCCURRED_AT = new Date('2026-11-29T02:15:00Z')

/** A pay-in account per bank whose masks below fit it. */
export const PAY_IN = {
  kbank: '0123456789',
  scb: '1112354011',
  krungthai: '9871234567',
  bangkokBank: '5550001234',
  krungsri: '7771234111',
} as const

export interface Fixture {
  name: string
  sender: string
  text: string
  expect:
    | {
        kind: 'INCOMING'
        language: 'th' | 'en'
        toAccountMask: string
        fromBankCode: string | null
        fromAccount: string | null
        fromName: string | null
        amount: bigint
        timeFrom: 'text' | 'phone'
      }
    | { kind: 'OUTGOING'; language: 'th' | 'en'; amount: bigint }
    | { kind: 'IGNORED'; reason: 'OTP' | 'BALANCE' | 'NO_AMOUNT' }
    | { kind: 'UNPARSED'; reason: 'UNKNOWN_SENDER' | 'UNKNOWN_WORDING' }
}

type Language = 'th' | 'en'
type Sender = { bank?: string; account?: string; name?: string }

/**
 * The fixtures of one bank's texts of money in: every one is to the bank's pay-in account above (`toAccountMask`, as
 * its texts mask it) and its time is read from the text, or (Bangkok Bank, which prints none) from the phone. The
 * sender's bank, account and name are null unless the text gives them.
 */
const incomingTo =
  (toAccountMask: string, timeFrom: 'text' | 'phone' = 'text') =>
  (name: string, sender: string, text: string, language: Language, amount: bigint, from: Sender = {}): Fixture => ({
    name,
    sender,
    text,
    expect: {
      kind: 'INCOMING',
      language,
      toAccountMask,
      fromBankCode: from.bank ?? null,
      fromAccount: from.account ?? null,
      fromName: from.name ?? null,
      amount,
      timeFrom,
    },
  })
const outgoing = (name: string, sender: string, text: string, language: Language, amount: bigint): Fixture => ({
  name,
  sender,
  text,
  expect: { kind: 'OUTGOING', language, amount },
})
const ignored = (name: string, sender: string, text: string, reason: 'OTP' | 'BALANCE' | 'NO_AMOUNT'): Fixture => ({
  name,
  sender,
  text,
  expect: { kind: 'IGNORED', reason },
})
const unparsed = (name: string, sender: string, text: string, reason: 'UNKNOWN_SENDER' | 'UNKNOWN_WORDING'): Fixture => ({
  name,
  sender,
  text,
  expect: { kind: 'UNPARSED', reason },
})

const kbankIn = incomingTo('X123456X')
const scbIn = incomingTo('x354011')
const krungthaiIn = incomingTo('X23456X')
const bangkokBankIn = incomingTo('X1234', 'phone')
const krungsriIn = incomingTo('XXX1234X')

export const FIXTURES: Record<'kbank' | 'scb' | 'krungthai' | 'bangkokBank' | 'krungsri', Fixture[]> = {
  kbank: [
    kbankIn('a transfer from another KBank account (Thai)', 'KBank', '29/11/69 09:15 บชX123456X รับโอนจากX654321X 1,500.00บ คงเหลือ25,480.50บ', 'th', 150_000n, {
      bank: '004',
      account: 'x654321xxx',
    }),
    kbankIn('money in from another bank, no sender (Thai)', 'KBANK', '29/11/69 09:15 บชX123456X เงินเข้า500.25บ คงเหลือ25,980.75บ', 'th', 50_025n),
    kbankIn(
      'a transfer from another KBank account (English)',
      'com.kasikorn.retail.mbanking.wap',
      '29/11/26 09:15 A/C X123456X received transfer from X654321X 12,000.00 Bt Outstanding Balance 37,480.50 Bt',
      'en',
      1_200_000n,
      { bank: '004', account: 'x654321xxx' },
    ),
    outgoing('a transfer out (Thai)', 'KBank', '29/11/69 10:03 บชX123456X โอนเงิน1,000.00บ คงเหลือ24,480.50บ', 'th', 100_000n),
    outgoing('a debit into another account (Thai)', 'KBank', '29/11/69 10:03 หักบชX123456X เข้าX180745X 1000.00 คงเหลือ24,480.50บ', 'th', 100_000n),
    outgoing('a transfer out (English)', 'KBank', '29/11/26 10:03 A/C X123456X Transfer out 1,000.00 Bt Outstanding Balance 24,480.50 Bt', 'en', 100_000n),
    ignored('a one-time code', 'KBank', 'OTP=482913 (Ref=KXQZ) สำหรับโอนเงิน 1,000.00 บาท ห้ามบอกรหัสนี้แก่ผู้อื่น', 'OTP'),
    ignored('an advert', 'KBank', 'รับเงินคืนสูงสุด 500 บาท เมื่อใช้จ่ายผ่าน K PLUS วันนี้ - 31 ธ.ค.', 'NO_AMOUNT'),
    unparsed('a money-like text in no known wording', 'KBank', 'ยินดีด้วย! คุณได้รับเงิน 1,500.00 บาท กดรับที่ลิงก์', 'UNKNOWN_WORDING'),
  ],
  scb: [
    scbIn('a transfer from another bank (Thai)', '027777777', '29/11@09:15 2,500.00 จากKBNK/x654321เข้าx354011 ใช้ได้27,500.00บ', 'th', 250_000n, {
      bank: '004',
      account: 'x654321',
    }),
    scbIn('a transfer from an SCB account: a name, no account (Thai)', 'SCB', '29/11@09:15 300.00 โอนจากSOMCHAI JAIDเข้าx354011 ใช้ได้27,800.00บ', 'th', 30_000n, {
      bank: '014',
      name: 'SOMCHAI JAID',
    }),
    scbIn('money in, no sender (Thai)', '027777777', 'เงิน 180.50บ เข้าบ/ชx354011 29/11@09:15 ใช้ได้ 27,980.50บ', 'th', 18_050n),
    scbIn('a transfer from another bank (English)', 'com.scb.phone', '29/11@09:15 2,500.00 from KTB/x998877 to x354011 Avail 27,500.00THB', 'en', 250_000n, {
      bank: '006',
      account: 'x998877',
    }),
    outgoing('a transfer out (Thai)', '027777777', '29/11@10:03 ถอน/โอน 1,000.00 จากx354011 ใช้ได้26,500.00บ', 'th', 100_000n),
    outgoing('a transfer out (English)', '027777777', '29/11@10:03 Transfer 1,000.00 from x354011 to KBNK/x654321 Avail 26,500.00THB', 'en', 100_000n),
    ignored('a one-time code', '027777777', 'รหัส OTP คือ 771204 (Ref: QWPA) ใช้ภายใน 5 นาที', 'OTP'),
    unparsed('a cut-off text', '027777777', '29/11@09:15 2,500.00 จากKBNK/x654', 'UNKNOWN_WORDING'),
  ],
  krungthai: [
    krungthaiIn('money in (Thai)', 'Krungthai', '29-11-26@09:15 บช X23456X:เงินเข้า +1,500.00 บ. ใช้ได้ 9,500.00 บ.', 'th', 150_000n),
    krungthaiIn('money in (English)', 'KTB', '29-11-26@09:15 A/C X23456X:Deposit +1,500.00 THB Available 9,500.00 THB', 'en', 150_000n),
    outgoing('money out (Thai)', 'Krungthai', '29-11-26@10:03 บช X23456X:เงินออก -700.00 บ. ใช้ได้ 8,800.00 บ.', 'th', 70_000n),
    outgoing('money out (English)', 'Krungthai', '29-11-26@10:03 A/C X23456X:Withdrawal -700.00 THB Available 8,800.00 THB', 'en', 70_000n),
    ignored('a balance only', 'Krungthai', 'ยอดเงินคงเหลือ บช X23456X 9,500.00 บ. ณ 29-11-26', 'BALANCE'),
  ],
  bangkokBank: [
    bangkokBankIn('a deposit or transfer in, no time, no sender (Thai)', 'BangkokBank', 'ฝาก/โอนเงินเข้าบ/ชX1234 ผ่านMB 5,000.00บ ใช้ได้15,000.00บ', 'th', 500_000n),
    bangkokBankIn(
      'a deposit or transfer in (English)',
      'com.bbl.mobilebanking',
      'Deposit/transfer to your account X1234 via MB 5,000.00 Bt Available 15,000.00 Bt',
      'en',
      500_000n,
    ),
    outgoing('money out (Thai)', 'BBL', 'ถอน/โอน/จ่ายเงินจากบ/ชX1234 ผ่านMB 1,000.00บ ใช้ได้14,000.00บ', 'th', 100_000n),
    outgoing('money out (English)', 'BBL', 'Withdrawal/transfer/payment from your account X1234 via ATM 1,000.00 Bt Available 14,000.00 Bt', 'en', 100_000n),
    ignored('an advert', 'BangkokBank', 'Bualuang mBanking ใหม่ สะดวกกว่าเดิม ดาวน์โหลดเลย', 'NO_AMOUNT'),
  ],
  krungsri: [
    krungsriIn(
      'a transfer with its sender (Thai)',
      'Krungsri',
      'เงินเข้าบ/ชXXX1234X 1,500.00 บ. จาก KBANK X654321 นาย สมชาย ใ 29/11/69 @09:15 ใช้ได้ 21,500.00 บ.',
      'th',
      150_000n,
      { bank: '004', account: 'x654321', name: 'นาย สมชาย ใ' },
    ),
    krungsriIn('money in without a sender (Thai)', 'KMA', 'เงินเข้าบ/ชXXX1234X 800.00 บ. 29/11/69 @09:15 ใช้ได้ 22,300.00 บ.', 'th', 80_000n),
    krungsriIn(
      'a transfer with its sender (English)',
      'com.krungsri.kma',
      'Deposit to A/C XXX1234X 1,500.00 THB from SCB X776655 MR SOMCHAI J 29/11/26 09:15 Available 21,500.00 THB',
      'en',
      150_000n,
      { bank: '014', account: 'x776655', name: 'MR SOMCHAI J' },
    ),
    outgoing('money out (Thai)', 'Krungsri', 'เงินออกจากบ/ชXXX1234X 2,000.00 บ. ไป KBANK X654321 29/11/69 @10:03 ใช้ได้ 19,500.00 บ.', 'th', 200_000n),
    outgoing(
      'money out (English)',
      'Krungsri',
      'Withdrawal from A/C XXX1234X 2,000.00 THB to KBANK X654321 29/11/26 10:03 Available 19,500.00 THB',
      'en',
      200_000n,
    ),
    ignored('a one-time code', 'Krungsri', 'Krungsri OTP 590311 for transfer 2,000.00 THB. Do not share.', 'OTP'),
  ],
}
