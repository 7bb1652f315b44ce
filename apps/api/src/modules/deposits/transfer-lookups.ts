// The look-ups the transfer intake decides on (ADR 035, 063, 080): who sent a transfer, which stored transfer is the
// same one another source reported, and what differs between a stored record and the feed's report of its reference.
// They read only; the intake takes the locks and credits.
import { msg, type BankTransfer } from '@sanam/contract'
import type { Db } from '../../db/client.ts'
import type { ExclusionsRepository } from '../exclusions/exclusions.repository.ts'
import type { PlayersRepository } from '../users/users.repository.ts'
import { accountMatches, likePattern, nameConfirms, parseSenderAccount, sameSenderAccount, windowKey } from './account-match.ts'
import type { DepositRow, DepositsRepository } from './deposits.repository.ts'
import { SAME_TRANSFER_WINDOW_MS, digits, senderIsMember } from './transfer-rules.ts'

/**
 * The most players a sender's account may match before the name is checked: past it the transfer credits no one (a
 * mask that common cannot say who sent it, and a second player of the same name could be among the rows not read).
 */
const CANDIDATES_MAX = 200

/** Finds the one player a transfer came from, or says why there is none. */
export async function matchTransfer(
  deps: {
    depositsRepository: Pick<DepositsRepository, 'isOperatorAccountNumber' | 'candidates'>
    exclusionsRepository: Pick<ExclusionsRepository, 'excludedMatchingMember'>
  },
  on: Db,
  body: BankTransfer,
  now: Date,
): Promise<{ playerId: number } | { reason: string }> {
  if (!(await deps.depositsRepository.isOperatorAccountNumber(on, body.to_account.replace(/-/g, '')))) return { reason: msg('UNMATCHED_WRONG_ACCOUNT') }
  const sender = parseSenderAccount(body.from_account)
  if (!sender) return { reason: msg('UNMATCHED_SENDER_UNREADABLE') }
  // A few visible digits are shared by many players: a masked account needs the sender's name to say who it is.
  if (sender.kind === 'masked' && !body.from_name?.trim()) return { reason: msg('UNMATCHED_MASKED_NO_NAME') }
  const found = await deps.depositsRepository.candidates(
    on,
    { bankCode: body.from_bank_code, accountLike: likePattern(sender), window: windowKey(body.from_bank_code, sender) },
    CANDIDATES_MAX + 1,
  )
  // The name is checked here, on the rows found: a mask shared by more players than were read could hide a second
  // player of the same name, so it credits no one (an operator assigns it).
  if (found.length > CANDIDATES_MAX) return { reason: msg('UNMATCHED_TOO_MANY_PLAYERS', { count: CANDIDATES_MAX }) }
  const candidates = found.filter(
    (p) => accountMatches(sender, p.bankAccount) && (sender.kind === 'full' || nameConfirms(body.from_name, p.firstname, p.surname)),
  )
  if (candidates.length === 1) {
    const playerId = candidates[0]!.id
    // A person with a time-out or self-exclusion in force is never credited through another account of theirs (ADR
    // 047, amended 2026-11-29): the transfer waits for an operator, who can give it to the restricted account (which
    // can only withdraw) or return it. Their own account is credited as before.
    const excluded = await deps.exclusionsRepository.excludedMatchingMember(on, playerId, now)
    if (excluded !== undefined) return { reason: msg('UNMATCHED_EXCLUDED_PERSON', { member: playerId, excluded }) }
    return { playerId }
  }
  return { reason: candidates.length === 0 ? msg('UNMATCHED_NO_PLAYER') : msg('UNMATCHED_SEVERAL_PLAYERS', { count: candidates.length }) }
}

export type SameTransfer = { kind: 'none' } | { kind: 'one'; deposit: DepositRow } | { kind: 'several'; ids: number[] }

/**
 * The same-transfer lookup for reports without a shared reference (ADR 080): the transfers the other kind of source
 * reported to the same pay-in account, of the same amount, from the same sending bank and a sender account that can
 * be the same, within SAME_TRANSFER_WINDOW_MS. One fits: it is this transfer. Several: the one in the same minute,
 * if only one is; otherwise nobody can say which, and the caller credits nothing. The caller holds lockSameTransfer.
 */
export async function sameTransfer(
  depositsRepository: Pick<DepositsRepository, 'sameTransferCandidates'>,
  tx: Db,
  t: { toAccount: string; amount: bigint; fromBankCode: string; fromAccount: string; occurredAt: Date },
  reportedBy: 'feed' | 'notification' | 'slip',
  senderRef: string | null = null,
): Promise<SameTransfer> {
  const at = t.occurredAt.getTime()
  const rows = await depositsRepository.sameTransferCandidates(tx, {
    toAccountDigits: digits(t.toAccount),
    amount: t.amount,
    from: new Date(at - SAME_TRANSFER_WINDOW_MS),
    to: new Date(at + SAME_TRANSFER_WINDOW_MS),
    reportedBy,
    senderRef,
  })
  const fits = rows.filter((row) => row.fromBankCode === t.fromBankCode && sameSenderAccount(row.fromAccount, t.fromAccount))
  if (fits.length === 0) return { kind: 'none' }
  if (fits.length === 1) return { kind: 'one', deposit: fits[0]! }
  const sameMinute = fits.filter((row) => Math.abs(row.occurredAt.getTime() - at) < 60_000)
  if (sameMinute.length === 1) return { kind: 'one', deposit: sameMinute[0]! }
  return { kind: 'several', ids: fits.map((row) => row.id) }
}

/** What differs between a stored record and a feed transfer with its reference: AMOUNT, SENDER, PAY_IN_ACCOUNT. */
export async function feedDifferences(
  deps: {
    depositsRepository: Pick<DepositsRepository, 'isOperatorAccountNumber'>
    playersRepository: Pick<PlayersRepository, 'findById'>
  },
  tx: Db,
  known: DepositRow,
  body: BankTransfer,
) {
  const reasons: Array<'AMOUNT' | 'SENDER' | 'PAY_IN_ACCOUNT'> = []
  if (body.amount !== known.amount) reasons.push('AMOUNT')
  if (known.feedAt) {
    if (known.fromBankCode !== body.from_bank_code || digits(known.fromAccount) !== digits(body.from_account)) reasons.push('SENDER')
    if (digits(known.toAccount) !== digits(body.to_account)) reasons.push('PAY_IN_ACCOUNT')
  } else {
    // An operator's record: the transfer must come from the member's registered account into one of ours.
    const member = known.playerId === null ? undefined : await deps.playersRepository.findById(tx, known.playerId)
    const sender = { fromBankCode: body.from_bank_code, fromAccount: body.from_account, fromName: body.from_name ?? null }
    if (!member || !senderIsMember(sender, member)) reasons.push('SENDER')
    if (!(await deps.depositsRepository.isOperatorAccountNumber(tx, digits(body.to_account)))) reasons.push('PAY_IN_ACCOUNT')
  }
  return reasons
}
