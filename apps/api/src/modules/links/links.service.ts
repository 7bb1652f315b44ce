import { BlockList, isIP } from 'node:net'
import { msg, type MemberLinks } from '@sanam/contract'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../errors.ts'
import type { Clock } from '../../lib/clock.ts'
import { sha256 } from '../../lib/crypto.ts'
import type { LinkReason, LinksRepository, SignalKind } from './links.repository.ts'

/** The random id the player app keeps in localStorage and sends as `X-Device-Id`; anything else is ignored. */
const DEVICE_ID = /^[A-Za-z0-9_-]{16,128}$/

/**
 * Addresses that say nothing about who is calling: this machine, private networks and link-local ones. A player seen
 * from one of these is behind a proxy we do not trust (TRUST_PROXY unset) or on the operator's own network; linking
 * by it would link every such player to every other, so it is not recorded.
 */
const UNINFORMATIVE = new BlockList()
for (const [net, prefix] of [
  ['127.0.0.0', 8],
  ['10.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['169.254.0.0', 16],
  ['0.0.0.0', 8],
] as const)
  UNINFORMATIVE.addSubnet(net, prefix, 'ipv4')
for (const [net, prefix] of [
  ['::1', 128],
  ['::', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const)
  UNINFORMATIVE.addSubnet(net, prefix, 'ipv6')

/** The address to link by, or null for one that identifies nobody (see UNINFORMATIVE) or is not an address. */
export function linkableAddress(address: string | undefined): string | null {
  if (!address) return null
  const plain = address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '')
  const family = isIP(plain)
  if (family === 0) return null
  return UNINFORMATIVE.check(plain, family === 4 ? 'ipv4' : 'ipv6') ? null : plain
}

/** What a sign-in or a registration was seen with. */
export interface Sighting {
  /** The `X-Device-Id` header as received (only its hash is stored). */
  deviceId: unknown
  /** The client address (req.ip, which honours TRUST_PROXY). */
  address: string | undefined
}

/**
 * Linked accounts (issue 10): players who share the bank account holder's name (players.name_key), a device or an
 * address (where they registered, where they last signed in). Referral commission and rebate between a downline and
 * an upline it is linked to are not paid (referral.service.ts); the back-office lists a member's links.
 */
/**
 * The signals a sighting leaves, as `player_signals` stores them: the device id's sha256 (a well-formed id only) and
 * the address (a linkable one only), filed as `addressKind`. Also what a registration is compared with before it is
 * taken (ADR 047, amended 2026-11-29).
 */
export function signalsOf(seen: Sighting, addressKind: SignalKind): Array<{ kind: SignalKind; value: string }> {
  const out: Array<{ kind: SignalKind; value: string }> = []
  if (typeof seen.deviceId === 'string' && DEVICE_ID.test(seen.deviceId)) out.push({ kind: 'DEVICE', value: sha256(seen.deviceId).toString('hex') })
  const address = linkableAddress(seen.address)
  if (address) out.push({ kind: addressKind, value: address })
  return out
}

export function createLinkService(deps: {
  db: Db
  clock: Clock
  linksRepository: Pick<LinksRepository, 'record' | 'playerIdByMobile' | 'linksOf' | 'exists' | 'linkedPairs' | 'linkedCounts'>
  /** Told of a registration once its signals are recorded: the risk rules (issue 39 §1, ADR 089). */
  onRegistered?: (playerId: number) => Promise<void>
}) {
  const { db, clock, linksRepository } = deps

  return {
    /** After a sign-in: the device, and the address as the player's latest. */
    async signedIn(playerId: number, seen: Sighting): Promise<void> {
      await linksRepository.record(db, playerId, signalsOf(seen, 'LOGIN_ADDRESS'), clock.now())
    },

    /** After a registration created the player (found by phone): the device and the registration address. */
    async registered(mobile: string, seen: Sighting): Promise<void> {
      const playerId = await linksRepository.playerIdByMobile(db, mobile)
      if (playerId === undefined) return
      await linksRepository.record(db, playerId, signalsOf(seen, 'REGISTER_ADDRESS'), clock.now())
      await deps.onRegistered?.(playerId)
    },

    /** Which of these (a, b) pairs are linked, as `a|b` keys (the accrual job asks for upline and downline). */
    linkedPairs: (tx: Db, pairs: ReadonlyArray<{ a: number; b: number }>) => linksRepository.linkedPairs(tx, pairs),

    /** How many other players each one is linked to (the withdrawal queue shows it beside each request). */
    linkedCounts: (playerIds: readonly number[]) => linksRepository.linkedCounts(db, playerIds),

    /** GET /backoffice/members/:id/links: every linked player and what links them (device hashes are not shown). */
    async forMember(playerId: number): Promise<MemberLinks> {
      if (!(await linksRepository.exists(db, playerId))) throw new AppError('NOT_FOUND', msg('PLAYER_NOT_FOUND'))
      const { byName, bySignal } = await linksRepository.linksOf(db, playerId)
      const found = new Map<
        number,
        { player_id: number; mobile: string; firstname: string; surname: string; reasons: Set<LinkReason>; addresses: Set<string> }
      >()
      const entry = (p: { id: number; mobile: string; firstname: string; surname: string }) => {
        let e = found.get(p.id)
        if (!e)
          found.set(p.id, (e = { player_id: p.id, mobile: p.mobile, firstname: p.firstname, surname: p.surname, reasons: new Set(), addresses: new Set() }))
        return e
      }
      for (const p of byName) entry(p).reasons.add('NAME')
      for (const s of bySignal) {
        const e = entry(s)
        if (s.kind === 'DEVICE') e.reasons.add('DEVICE')
        else {
          e.reasons.add('ADDRESS')
          e.addresses.add(s.value)
        }
      }
      return {
        player_id: playerId,
        list: [...found.values()]
          .sort((x, y) => x.player_id - y.player_id)
          .map((e) => ({ ...e, reasons: (['NAME', 'DEVICE', 'ADDRESS'] as const).filter((r) => e.reasons.has(r)), addresses: [...e.addresses].sort() })),
      }
    },
  }
}
export type LinkService = ReturnType<typeof createLinkService>
