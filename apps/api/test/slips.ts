import { randomInt } from 'node:crypto'
import { statementAccount, statementName } from '../src/modules/deposits/account-match.ts'
import { slipPayloadOf, slipKeyOf } from '../src/modules/slips/slip-payload.ts'
import type { SlipVerdict, SlipVerifier, VerifiedSlip } from '../src/modules/slips/slip-verifier.ts'
import type { TestApp } from './app.ts'
import { OPERATOR_ACCOUNT } from './money.ts'

// Slips in route tests (ADR 079): a verifier the test answers for, and slips of a player's transfers.

const CHARACTERS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'
/** A new transfer reference, as banks write them. */
export const newReference = () => Array.from({ length: 20 }, () => CHARACTERS[randomInt(CHARACTERS.length)]).join('')

/**
 * A verifier whose answers the test sets per slip key (`answer`, or `answerWith` a function given the number of this
 * ask about the key, from 1); a slip it was told nothing about is NOT_FOUND. `calls` counts the asks, `asksOf` those
 * about one key.
 */
export function fakeSlipVerifier() {
  const answers = new Map<string, (ask: number) => Promise<SlipVerdict> | SlipVerdict>()
  const asks = new Map<string, number>()
  const state = { calls: 0 }
  const verifier: SlipVerifier = {
    name: 'fake',
    async verify({ slip }) {
      state.calls++
      const key = slipKeyOf(slip)
      const ask = (asks.get(key) ?? 0) + 1
      asks.set(key, ask)
      const answer = answers.get(key)
      return answer ? answer(ask) : { outcome: 'NOT_FOUND', code: 'FAKE_NOT_FOUND' }
    },
  }
  return {
    verifier,
    get calls() {
      return state.calls
    },
    asksOf: (key: string) => asks.get(key) ?? 0,
    answer: (key: string, verdict: SlipVerdict) => answers.set(key, () => verdict),
    answerWith: (key: string, next: (ask: number) => Promise<SlipVerdict> | SlipVerdict) => answers.set(key, next),
  }
}

/**
 * A slip of a transfer from `player`'s registered account into the seeded pay-in account, made a minute ago by the
 * test clock: its QR text, its key, and the facts a verifier would give (masked as banks print them). `change` edits them.
 */
export function slipFrom(
  t: TestApp,
  player: { bankCode: string; bankAccount: string; firstname: string; surname: string },
  amountBaht: number,
  change: (slip: VerifiedSlip) => void = () => {},
) {
  const reference = newReference()
  const slip: VerifiedSlip = {
    sendingBank: player.bankCode,
    reference,
    amount: BigInt(Math.round(amountBaht * 100)),
    occurredAt: new Date(t.clock.now().getTime() - 60_000),
    sender: {
      bankCode: player.bankCode,
      account: statementAccount(player.bankAccount),
      name: statementName(`นาย ${player.firstname} ${player.surname}`),
      proxy: null,
    },
    receiver: { bankCode: '014', account: statementAccount(OPERATOR_ACCOUNT), name: 'บจก. สนาม เดโม', proxy: null },
    seenBefore: false,
  }
  change(slip)
  const payload = slipPayloadOf({ layout: 'bank', sendingBank: player.bankCode, reference })
  return { payload, key: `${player.bankCode}:${reference}`, reference, slip, verdict: { outcome: 'VERIFIED', slip } as SlipVerdict }
}
