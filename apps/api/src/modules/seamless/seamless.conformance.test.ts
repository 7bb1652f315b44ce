import type { SeamlessAnswer } from '@sanam/contract'
import { callSeamless } from '../../../test/seamless.ts'
import { describeSeamlessConformance } from '../../../test/seamless-conformance.ts'

// The reference driver: the seamless API spoken directly, as the contract describes it. Adapters run the same kit.
describeSeamlessConformance('reference HTTP calls', (t) => {
  const call = async (op: string, body: Record<string, unknown>) => (await callSeamless(t, 'pgsoft', op, body)).json() as SeamlessAnswer
  return {
    balance: (session) => call('balance', { session_token: session }),
    bet: (session, c) => call('bet', { session_token: session, round_id: c.round, tx_id: c.tx, amount: c.amount }),
    win: (session, c) => call('win', { session_token: session, round_id: c.round, tx_id: c.tx, amount: c.amount }),
    rollback: (session, c) => call('rollback', { session_token: session, round_id: c.round, tx_id: c.tx, ref_tx_id: c.ref }),
    async betAfterTimeout(session, c) {
      // The first answer is lost on the way back; the provider sends the very same call again.
      await call('bet', { session_token: session, round_id: c.round, tx_id: c.tx, amount: c.amount })
      return call('bet', { session_token: session, round_id: c.round, tx_id: c.tx, amount: c.amount })
    },
  }
})
