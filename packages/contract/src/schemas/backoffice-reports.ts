import { z } from 'zod'
import { okEnvelope } from './envelope.ts'

// The back-office reports (issue 20 §5): every figure is a sum of the ledger's transfers over a range of Bangkok days,
// so each total agrees with the ledger to the satang. The same rows answer as JSON (the screen and its chart) and as
// CSV (streamed, UTF-8 with a BOM so Excel reads the Thai headings).

/** A column of a report: a Bangkok day, text, an amount (baht in JSON, exact 2-decimal text in CSV) or a count. */
export interface ReportColumn {
  key: string
  label: string
  type: 'day' | 'text' | 'money' | 'count'
}

const day = (label = 'วันที่'): ReportColumn => ({ key: 'date', label, type: 'day' })
const money = (key: string, label: string): ReportColumn => ({ key, label, type: 'money' })
const count = (key: string, label: string): ReportColumn => ({ key, label, type: 'count' })
const text = (key: string, label: string): ReportColumn => ({ key, label, type: 'text' })
/** Bets (before rollbacks), bets rolled back, wins, and GGR = bets - rollbacks - wins. */
const GGR_COLUMNS = [money('bets', 'ยอดเดิมพัน'), money('rollbacks', 'ยอดเดิมพันที่ยกเลิก'), money('wins', 'ยอดชนะ'), money('ggr', 'GGR (กำไรขั้นต้น)')]

/**
 * Every report: its Thai title and columns, in CSV order. A report's rows are keyed by its first columns (a day, a
 * provider, a game, a pay-in account, a promotion); its totals row sums the amounts and counts. In `players-by-day`
 * the totals of active and depositing players count each player once over the whole range.
 */
export const REPORTS = {
  'ggr-by-day': { title: 'GGR รายวัน', columns: [day(), ...GGR_COLUMNS] },
  'ggr-by-provider': { title: 'GGR ตามค่ายเกม', columns: [text('provider', 'รหัสค่าย'), text('provider_title', 'ค่ายเกม'), ...GGR_COLUMNS] },
  'ggr-by-game': {
    title: 'GGR ตามเกม',
    columns: [text('provider', 'รหัสค่าย'), text('game', 'รหัสเกม'), text('game_title', 'เกม'), ...GGR_COLUMNS],
  },
  'payments-by-day': {
    title: 'ฝาก-ถอนรายวัน',
    columns: [
      day(),
      money('deposits', 'ยอดฝาก'),
      count('deposit_count', 'จำนวนรายการฝาก'),
      money('withdrawals', 'ยอดถอน'),
      count('withdrawal_count', 'จำนวนรายการถอน'),
      money('net', 'ฝากสุทธิ'),
    ],
  },
  'deposits-by-account': {
    title: 'ยอดฝากตามบัญชีรับเงิน',
    columns: [
      text('account', 'เลขบัญชีรับเงิน'),
      text('bank_code', 'ธนาคาร'),
      text('account_name', 'ชื่อบัญชี'),
      money('deposits', 'ยอดฝาก'),
      count('deposit_count', 'จำนวนรายการฝาก'),
    ],
  },
  'bonus-by-promotion': {
    title: 'ต้นทุนโบนัสตามโปรโมชั่น',
    columns: [
      text('promotion_id', 'รหัสโปรโมชั่น'),
      text('promotion_title', 'โปรโมชั่น'),
      count('claims', 'จำนวนครั้งที่รับ'),
      money('bonus', 'โบนัสที่ให้'),
      money('forfeited', 'ยอดที่ริบคืน'),
      money('cost', 'ต้นทุนสุทธิ'),
    ],
  },
  'referral-by-day': {
    title: 'ค่าแนะนำและเงินคืนรายวัน',
    columns: [
      day(),
      money('commission', 'ค่าแนะนำที่จ่าย'),
      money('rebate', 'เงินคืนที่จ่าย'),
      money('commission_to_cash', 'ค่าแนะนำที่ย้ายเข้ากระเป๋าหลัก'),
      money('rebate_to_cash', 'เงินคืนที่ย้ายเข้ากระเป๋าหลัก'),
    ],
  },
  'players-by-day': {
    title: 'ผู้เล่นรายวัน',
    columns: [day(), count('new_players', 'สมัครใหม่'), count('active_players', 'ผู้เล่นที่เดิมพัน'), count('depositing_players', 'ผู้เล่นที่ฝากเงิน')],
  },
} as const satisfies Record<string, { title: string; columns: readonly ReportColumn[] }>

export type ReportId = keyof typeof REPORTS
export const REPORT_IDS = Object.keys(REPORTS) as [ReportId, ...ReportId[]]
/** The first cell of a report's totals row in its CSV file. */
export const REPORT_TOTALS_LABEL = 'รวม'
/** The longest range a report covers: a year, leap day included. */
export const MAX_REPORT_DAYS = 366

const REPORT_DAY = 'วันที่ไม่ถูกต้อง (รูปแบบ ปปปป-ดด-วว)'
/** A calendar day (zod's ISO date: a real day of a real month, leap years included). */
const BangkokDay = z.iso.date({ error: REPORT_DAY })
const dayNumber = (d: string) => Date.parse(`${d}T00:00:00Z`) / 86_400_000

export const ReportParams = z.strictObject({ report: z.enum(REPORT_IDS, { error: 'ไม่พบรายงานนี้' }) })

/** A range of Bangkok days, both included: `from` not after `to`, at most MAX_REPORT_DAYS days. */
export const ReportQuery = z
  .strictObject({ from: BangkokDay, to: BangkokDay })
  .refine((q) => dayNumber(q.to) >= dayNumber(q.from), { error: 'วันที่สิ้นสุดต้องไม่ก่อนวันที่เริ่มต้น', path: ['to'] })
  .refine((q) => dayNumber(q.to) - dayNumber(q.from) < MAX_REPORT_DAYS, {
    error: `เลือกช่วงวันที่ได้ไม่เกิน ${MAX_REPORT_DAYS} วัน`,
    path: ['to'],
  })
export type ReportQuery = z.infer<typeof ReportQuery>

const ReportCell = z.union([z.string(), z.number(), z.null()])
/** A report's rows and totals, keyed by its columns' keys (REPORTS); amounts in baht. */
export const ReportTable = z.object({
  report: z.enum(REPORT_IDS),
  from: z.string(),
  to: z.string(),
  rows: z.array(z.record(z.string(), ReportCell)),
  totals: z.record(z.string(), ReportCell),
})
export type ReportTable = z.infer<typeof ReportTable>

export const backofficeReportsContract = {
  show: { params: ReportParams, querystring: ReportQuery, response: { 200: okEnvelope(ReportTable) } },
  /** The same rows as CSV (text/csv, UTF-8 with a BOM, a totals row last), streamed. */
  csv: { params: ReportParams, querystring: ReportQuery, response: { 200: { content: { 'text/csv': { schema: z.string() } } } } },
}
