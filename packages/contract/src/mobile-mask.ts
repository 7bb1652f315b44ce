// The one masking module for identifiers the API shows whole to no one who does not need them: a mobile, a LINE id.

/**
 * A mobile as others may see it (one rule for the API and the apps): 0812345678 → 081-xxx-5678, the middle three
 * digits hidden; anything that is not a 10-digit mobile shows no digit at all.
 */
export function maskMobile(mobile: string): string {
  if (!/^\d{10}$/.test(mobile)) return 'xxx-xxx-xxxx'
  return `${mobile.slice(0, 3)}-xxx-${mobile.slice(6)}`
}

/**
 * A mobile for someone who is not signed in (a registration link's upline): 0812345678 → xxx-xxx-5678. Player ids are
 * sequential, so whatever this shows a stranger can collect for every player: only the last four digits, enough for a
 * friend to recognise whose link it is.
 */
export const maskMobileForStrangers = (mobile: string): string => `xxx${maskMobile(mobile).slice(3)}`

/**
 * A LINE user, group or room id as the desk sees it (issue 38, the outbox's page): `U` and 32 hex digits →
 * `U1a2…ef01`, the first four and last four characters, enough to tell two recipients apart; anything that is not a
 * LINE id shows none of its characters.
 */
export function maskLineId(id: string): string {
  if (!/^[UCR][0-9a-f]{32}$/.test(id)) return 'xxxx…xxxx'
  return `${id.slice(0, 4)}…${id.slice(-4)}`
}
