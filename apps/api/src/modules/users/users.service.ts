import { findBank, type UserMe } from '@sanam/contract'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../errors.ts'
import type { Clock } from '../../lib/clock.ts'
import { restrictionOf, type ExclusionReader } from '../exclusions/restriction.ts'
import type { PromotionService } from '../promotions/promotions.service.ts'
import type { PlayerRow, PlayersRepository } from './users.repository.ts'

/** The player as the app sees it (spec §3 User). */
export function toUserMe(player: PlayerRow): UserMe {
  return {
    uid: player.id,
    mobile: player.mobile,
    firstname: player.firstname,
    surname: player.surname,
    invite_code: player.inviteCode,
    bank: { code: player.bankCode, name: findBank(player.bankCode)?.th ?? player.bankCode, account: player.bankAccount },
    // Promotions plug in here once they exist.
    promotion: { enabled: false },
    created_at: player.createdAt.toISOString(),
    restriction: null,
  }
}

export function createUserService(deps: {
  db: Db
  clock: Clock
  promotions?: Pick<PromotionService, 'info'>
  playersRepository: Pick<PlayersRepository, 'findById' | 'findByMobile'>
  /** The time-out or self-exclusion in force: the app's restricted mode (ADR 047). */
  exclusionsRepository: ExclusionReader
}) {
  return {
    /** Whether a player holds this phone number (the demo-data check at start-up asks it of the demo player's). */
    async isRegistered(mobile: string): Promise<boolean> {
      return (await deps.playersRepository.findByMobile(deps.db, mobile)) !== undefined
    },

    async me(playerId: number): Promise<UserMe> {
      const player = await deps.playersRepository.findById(deps.db, playerId)
      if (!player) throw new AppError('UNAUTHORIZED')
      const me = { ...toUserMe(player), restriction: await restrictionOf(deps.exclusionsRepository, deps.db, playerId, deps.clock.now()) }
      return deps.promotions ? { ...me, promotion: await deps.promotions.info(playerId) } : me
    },
  }
}
export type UserService = ReturnType<typeof createUserService>
