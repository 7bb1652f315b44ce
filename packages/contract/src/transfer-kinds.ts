// Every kind of ledger transfer, with the words an operator reads for it (issue 36 §8): the one map. The API moves
// money only under these kinds (a TransferRequest takes a TransferKind); the back-office shows the Thai.

export const TRANSFER_KINDS = {
  deposit: 'ฝากเงิน',
  adjustment: 'ปรับยอดโดยเจ้าหน้าที่',
  withdraw_hold: 'กันยอดถอน',
  withdraw_payout: 'จ่ายเงินถอน',
  withdraw_release: 'คืนยอดถอนที่ไม่อนุมัติ',
  game_bet: 'เดิมพัน',
  game_win: 'ชนะเดิมพัน',
  game_rollback: 'ยกเลิกเดิมพัน',
  promotion_bonus: 'โบนัสโปรโมชั่น',
  promotion_forfeit: 'ยึดโบนัสโปรโมชั่นคืน',
  referral_commission: 'ค่าแนะนำเพื่อน',
  rebate_accrual: 'ยอดคืนค่าเล่น',
  referral_payout: 'ถอนค่าแนะนำเพื่อนเข้ากระเป๋าหลัก',
  rebate_payout: 'ถอนยอดคืนค่าเล่นเข้ากระเป๋าหลัก',
} as const satisfies Record<string, string>

export type TransferKind = keyof typeof TRANSFER_KINDS

/** A transfer's kind in Thai; a kind the map does not hold (written by an older version) as it is. */
export const transferKindText = (kind: string): string => (Object.hasOwn(TRANSFER_KINDS, kind) ? TRANSFER_KINDS[kind as TransferKind] : kind)
