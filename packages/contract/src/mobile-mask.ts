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
