// The demo bank's slips (ADR 079), demo mode only: the demo bank records each transfer it makes (a bank's own
// records) and prints its slip's QR text; the demo verifier answers from those records and nothing else, as a real
// verifier answers from the bank's. A slip of a transfer the demo bank never made is NOT_FOUND. Accounts and names are
// given masked, as Thai banks print them, so the demo runs the same matching as production.
import { randomInt } from 'node:crypto'
import { bahtToSatang, msg } from '@sanam/contract'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../errors.ts'
import type { Clock } from '../../lib/clock.ts'
import { statementAccount, statementName } from '../deposits/account-match.ts'
import type { DepositService } from '../deposits/deposits.service.ts'
import type { PlayersRepository } from '../users/users.repository.ts'
import { slipPayloadOf } from './slip-payload.ts'
import type { SlipVerifier } from './slip-verifier.ts'
import type { SlipsRepository } from './slips.repository.ts'

const REFERENCE_CHARACTERS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'
/** A reference as Thai banks write them: 20 upper-case letters and digits. */
const demoReference = () => Array.from({ length: 20 }, () => REFERENCE_CHARACTERS[randomInt(REFERENCE_CHARACTERS.length)]).join('')

export function createDemoBank(deps: {
  db: Db
  clock: Clock
  slipsRepository: Pick<SlipsRepository, 'insertDemoTransfer' | 'demoTransfer'>
  playersRepository: Pick<PlayersRepository, 'findByMobile'>
  deposits: Pick<DepositService, 'bank'>
}) {
  const { db, clock, slipsRepository } = deps
  return {
    /**
     * The demo bank moves `amountBaht` from the registered account of the player with this phone to the site's pay-in
     * account (the one the deposit page shows, or `toAccount`), records it, and answers its slip's QR text.
     */
    async transfer(input: { mobile: string; amountBaht: number; toAccount: string | null }) {
      const player = await deps.playersRepository.findByMobile(db, input.mobile)
      if (!player) throw new AppError('NOT_FOUND', msg('MOBILE_NOT_FOUND'))
      const target = await deps.deposits.bank()
      const reference = demoReference()
      await slipsRepository.insertDemoTransfer(db, {
        sendingBank: player.bankCode,
        reference,
        fromAccount: player.bankAccount,
        fromName: `${player.firstname} ${player.surname}`,
        toBank: target.code,
        toAccount: input.toAccount ?? target.address,
        toName: target.name,
        amount: bahtToSatang(input.amountBaht),
        occurredAt: clock.now(),
      })
      return {
        sending_bank: player.bankCode,
        reference,
        payload: slipPayloadOf({ layout: 'bank', sendingBank: player.bankCode, reference }),
        to_account: input.toAccount ?? target.address,
      }
    },

    /** The verifier over the demo bank's records. */
    verifier(): SlipVerifier {
      return {
        name: 'demo',
        async verify({ slip }) {
          if (slip.layout !== 'bank') return { outcome: 'NOT_FOUND', code: 'DEMO_NO_TRUEMONEY' }
          const found = await slipsRepository.demoTransfer(db, slip.sendingBank, slip.reference)
          if (!found) return { outcome: 'NOT_FOUND', code: 'DEMO_NOT_FOUND' }
          return {
            outcome: 'VERIFIED',
            slip: {
              sendingBank: found.sendingBank,
              reference: found.reference,
              amount: found.amount,
              occurredAt: found.occurredAt,
              sender: { bankCode: found.sendingBank, account: statementAccount(found.fromAccount), name: statementName(found.fromName), proxy: null },
              receiver: { bankCode: found.toBank, account: statementAccount(found.toAccount), name: found.toName, proxy: null },
              seenBefore: false,
            },
          }
        },
      }
    },
  }
}
export type DemoBank = ReturnType<typeof createDemoBank>
