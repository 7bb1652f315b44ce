/**
 * Bangkok days live in the contract (`@sanam/contract/bangkok`, issue 35 §3). This re-export remains only for
 * modules/deposits/deposit-desk.service.ts, which was being edited elsewhere when the rest moved: point its import at
 * the contract and delete this file.
 */
export { filterRange } from '@sanam/contract/bangkok'
