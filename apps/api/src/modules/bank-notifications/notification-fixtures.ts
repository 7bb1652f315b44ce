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

export const FIXTURES: Record<'kbank' | 'scb' | 'krungthai' | 'bangkokBank' | 'krungsri', Fixture[]> = {
  kbank: [
    {
      name: 'a transfer from another KBank account (Thai)',
      sender: 'KBank',
      text: '29/11/69 09:15 บชX123456X รับโอนจากX654321X 1,500.00บ คงเหลือ25,480.50บ',
      expect: {
        kind: 'INCOMING',
        language: 'th',
        toAccountMask: 'X123456X',
        fromBankCode: '004',
        fromAccount: 'x654321xxx',
        fromName: null,
        amount: 150_000n,
        timeFrom: 'text',
      },
    },
    {
      name: 'money in from another bank, no sender (Thai)',
      sender: 'KBANK',
      text: '29/11/69 09:15 บชX123456X เงินเข้า500.25บ คงเหลือ25,980.75บ',
      expect: {
        kind: 'INCOMING',
        language: 'th',
        toAccountMask: 'X123456X',
        fromBankCode: null,
        fromAccount: null,
        fromName: null,
        amount: 50_025n,
        timeFrom: 'text',
      },
    },
    {
      name: 'a transfer from another KBank account (English)',
      sender: 'com.kasikorn.retail.mbanking.wap',
      text: '29/11/26 09:15 A/C X123456X received transfer from X654321X 12,000.00 Bt Outstanding Balance 37,480.50 Bt',
      expect: {
        kind: 'INCOMING',
        language: 'en',
        toAccountMask: 'X123456X',
        fromBankCode: '004',
        fromAccount: 'x654321xxx',
        fromName: null,
        amount: 1_200_000n,
        timeFrom: 'text',
      },
    },
    {
      name: 'a transfer out (Thai)',
      sender: 'KBank',
      text: '29/11/69 10:03 บชX123456X โอนเงิน1,000.00บ คงเหลือ24,480.50บ',
      expect: { kind: 'OUTGOING', language: 'th', amount: 100_000n },
    },
    {
      name: 'a debit into another account (Thai)',
      sender: 'KBank',
      text: '29/11/69 10:03 หักบชX123456X เข้าX180745X 1000.00 คงเหลือ24,480.50บ',
      expect: { kind: 'OUTGOING', language: 'th', amount: 100_000n },
    },
    {
      name: 'a transfer out (English)',
      sender: 'KBank',
      text: '29/11/26 10:03 A/C X123456X Transfer out 1,000.00 Bt Outstanding Balance 24,480.50 Bt',
      expect: { kind: 'OUTGOING', language: 'en', amount: 100_000n },
    },
    {
      name: 'a one-time code',
      sender: 'KBank',
      text: 'OTP=482913 (Ref=KXQZ) สำหรับโอนเงิน 1,000.00 บาท ห้ามบอกรหัสนี้แก่ผู้อื่น',
      expect: { kind: 'IGNORED', reason: 'OTP' },
    },
    { name: 'an advert', sender: 'KBank', text: 'รับเงินคืนสูงสุด 500 บาท เมื่อใช้จ่ายผ่าน K PLUS วันนี้ - 31 ธ.ค.', expect: { kind: 'IGNORED', reason: 'NO_AMOUNT' } },
    {
      name: 'a money-like text in no known wording',
      sender: 'KBank',
      text: 'ยินดีด้วย! คุณได้รับเงิน 1,500.00 บาท กดรับที่ลิงก์',
      expect: { kind: 'UNPARSED', reason: 'UNKNOWN_WORDING' },
    },
  ],
  scb: [
    {
      name: 'a transfer from another bank (Thai)',
      sender: '027777777',
      text: '29/11@09:15 2,500.00 จากKBNK/x654321เข้าx354011 ใช้ได้27,500.00บ',
      expect: {
        kind: 'INCOMING',
        language: 'th',
        toAccountMask: 'x354011',
        fromBankCode: '004',
        fromAccount: 'x654321',
        fromName: null,
        amount: 250_000n,
        timeFrom: 'text',
      },
    },
    {
      name: 'a transfer from an SCB account: a name, no account (Thai)',
      sender: 'SCB',
      text: '29/11@09:15 300.00 โอนจากSOMCHAI JAIDเข้าx354011 ใช้ได้27,800.00บ',
      expect: {
        kind: 'INCOMING',
        language: 'th',
        toAccountMask: 'x354011',
        fromBankCode: '014',
        fromAccount: null,
        fromName: 'SOMCHAI JAID',
        amount: 30_000n,
        timeFrom: 'text',
      },
    },
    {
      name: 'money in, no sender (Thai)',
      sender: '027777777',
      text: 'เงิน 180.50บ เข้าบ/ชx354011 29/11@09:15 ใช้ได้ 27,980.50บ',
      expect: {
        kind: 'INCOMING',
        language: 'th',
        toAccountMask: 'x354011',
        fromBankCode: null,
        fromAccount: null,
        fromName: null,
        amount: 18_050n,
        timeFrom: 'text',
      },
    },
    {
      name: 'a transfer from another bank (English)',
      sender: 'com.scb.phone',
      text: '29/11@09:15 2,500.00 from KTB/x998877 to x354011 Avail 27,500.00THB',
      expect: {
        kind: 'INCOMING',
        language: 'en',
        toAccountMask: 'x354011',
        fromBankCode: '006',
        fromAccount: 'x998877',
        fromName: null,
        amount: 250_000n,
        timeFrom: 'text',
      },
    },
    {
      name: 'a transfer out (Thai)',
      sender: '027777777',
      text: '29/11@10:03 ถอน/โอน 1,000.00 จากx354011 ใช้ได้26,500.00บ',
      expect: { kind: 'OUTGOING', language: 'th', amount: 100_000n },
    },
    {
      name: 'a transfer out (English)',
      sender: '027777777',
      text: '29/11@10:03 Transfer 1,000.00 from x354011 to KBNK/x654321 Avail 26,500.00THB',
      expect: { kind: 'OUTGOING', language: 'en', amount: 100_000n },
    },
    { name: 'a one-time code', sender: '027777777', text: 'รหัส OTP คือ 771204 (Ref: QWPA) ใช้ภายใน 5 นาที', expect: { kind: 'IGNORED', reason: 'OTP' } },
    { name: 'a cut-off text', sender: '027777777', text: '29/11@09:15 2,500.00 จากKBNK/x654', expect: { kind: 'UNPARSED', reason: 'UNKNOWN_WORDING' } },
  ],
  krungthai: [
    {
      name: 'money in (Thai)',
      sender: 'Krungthai',
      text: '29-11-26@09:15 บช X23456X:เงินเข้า +1,500.00 บ. ใช้ได้ 9,500.00 บ.',
      expect: {
        kind: 'INCOMING',
        language: 'th',
        toAccountMask: 'X23456X',
        fromBankCode: null,
        fromAccount: null,
        fromName: null,
        amount: 150_000n,
        timeFrom: 'text',
      },
    },
    {
      name: 'money in (English)',
      sender: 'KTB',
      text: '29-11-26@09:15 A/C X23456X:Deposit +1,500.00 THB Available 9,500.00 THB',
      expect: {
        kind: 'INCOMING',
        language: 'en',
        toAccountMask: 'X23456X',
        fromBankCode: null,
        fromAccount: null,
        fromName: null,
        amount: 150_000n,
        timeFrom: 'text',
      },
    },
    {
      name: 'money out (Thai)',
      sender: 'Krungthai',
      text: '29-11-26@10:03 บช X23456X:เงินออก -700.00 บ. ใช้ได้ 8,800.00 บ.',
      expect: { kind: 'OUTGOING', language: 'th', amount: 70_000n },
    },
    {
      name: 'money out (English)',
      sender: 'Krungthai',
      text: '29-11-26@10:03 A/C X23456X:Withdrawal -700.00 THB Available 8,800.00 THB',
      expect: { kind: 'OUTGOING', language: 'en', amount: 70_000n },
    },
    { name: 'a balance only', sender: 'Krungthai', text: 'ยอดเงินคงเหลือ บช X23456X 9,500.00 บ. ณ 29-11-26', expect: { kind: 'IGNORED', reason: 'BALANCE' } },
  ],
  bangkokBank: [
    {
      name: 'a deposit or transfer in, no time, no sender (Thai)',
      sender: 'BangkokBank',
      text: 'ฝาก/โอนเงินเข้าบ/ชX1234 ผ่านMB 5,000.00บ ใช้ได้15,000.00บ',
      expect: {
        kind: 'INCOMING',
        language: 'th',
        toAccountMask: 'X1234',
        fromBankCode: null,
        fromAccount: null,
        fromName: null,
        amount: 500_000n,
        timeFrom: 'phone',
      },
    },
    {
      name: 'a deposit or transfer in (English)',
      sender: 'com.bbl.mobilebanking',
      text: 'Deposit/transfer to your account X1234 via MB 5,000.00 Bt Available 15,000.00 Bt',
      expect: {
        kind: 'INCOMING',
        language: 'en',
        toAccountMask: 'X1234',
        fromBankCode: null,
        fromAccount: null,
        fromName: null,
        amount: 500_000n,
        timeFrom: 'phone',
      },
    },
    {
      name: 'money out (Thai)',
      sender: 'BBL',
      text: 'ถอน/โอน/จ่ายเงินจากบ/ชX1234 ผ่านMB 1,000.00บ ใช้ได้14,000.00บ',
      expect: { kind: 'OUTGOING', language: 'th', amount: 100_000n },
    },
    {
      name: 'money out (English)',
      sender: 'BBL',
      text: 'Withdrawal/transfer/payment from your account X1234 via ATM 1,000.00 Bt Available 14,000.00 Bt',
      expect: { kind: 'OUTGOING', language: 'en', amount: 100_000n },
    },
    { name: 'an advert', sender: 'BangkokBank', text: 'Bualuang mBanking ใหม่ สะดวกกว่าเดิม ดาวน์โหลดเลย', expect: { kind: 'IGNORED', reason: 'NO_AMOUNT' } },
  ],
  krungsri: [
    {
      name: 'a transfer with its sender (Thai)',
      sender: 'Krungsri',
      text: 'เงินเข้าบ/ชXXX1234X 1,500.00 บ. จาก KBANK X654321 นาย สมชาย ใ 29/11/69 @09:15 ใช้ได้ 21,500.00 บ.',
      expect: {
        kind: 'INCOMING',
        language: 'th',
        toAccountMask: 'XXX1234X',
        fromBankCode: '004',
        fromAccount: 'x654321',
        fromName: 'นาย สมชาย ใ',
        amount: 150_000n,
        timeFrom: 'text',
      },
    },
    {
      name: 'money in without a sender (Thai)',
      sender: 'KMA',
      text: 'เงินเข้าบ/ชXXX1234X 800.00 บ. 29/11/69 @09:15 ใช้ได้ 22,300.00 บ.',
      expect: {
        kind: 'INCOMING',
        language: 'th',
        toAccountMask: 'XXX1234X',
        fromBankCode: null,
        fromAccount: null,
        fromName: null,
        amount: 80_000n,
        timeFrom: 'text',
      },
    },
    {
      name: 'a transfer with its sender (English)',
      sender: 'com.krungsri.kma',
      text: 'Deposit to A/C XXX1234X 1,500.00 THB from SCB X776655 MR SOMCHAI J 29/11/26 09:15 Available 21,500.00 THB',
      expect: {
        kind: 'INCOMING',
        language: 'en',
        toAccountMask: 'XXX1234X',
        fromBankCode: '014',
        fromAccount: 'x776655',
        fromName: 'MR SOMCHAI J',
        amount: 150_000n,
        timeFrom: 'text',
      },
    },
    {
      name: 'money out (Thai)',
      sender: 'Krungsri',
      text: 'เงินออกจากบ/ชXXX1234X 2,000.00 บ. ไป KBANK X654321 29/11/69 @10:03 ใช้ได้ 19,500.00 บ.',
      expect: { kind: 'OUTGOING', language: 'th', amount: 200_000n },
    },
    {
      name: 'money out (English)',
      sender: 'Krungsri',
      text: 'Withdrawal from A/C XXX1234X 2,000.00 THB to KBANK X654321 29/11/26 10:03 Available 19,500.00 THB',
      expect: { kind: 'OUTGOING', language: 'en', amount: 200_000n },
    },
    {
      name: 'a one-time code',
      sender: 'Krungsri',
      text: 'Krungsri OTP 590311 for transfer 2,000.00 THB. Do not share.',
      expect: { kind: 'IGNORED', reason: 'OTP' },
    },
  ],
}
