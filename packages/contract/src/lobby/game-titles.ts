/**
 * How the lobby compares and shortens game titles. Runs in the player's browser bundle: no dependencies.
 */

/** Longest title a game tile shows before it is cut (spec §5). */
export const TITLE_MAX = 20

/**
 * The form two titles are compared in: trimmed and lower-cased. Thai has no case, so Thai titles
 * compare as typed. Not exported from the package: it is a detail of search and de-duplication.
 */
export function foldTitle(title: string): string {
  return title.trim().toLowerCase()
}

let segmenter: Intl.Segmenter | undefined

/**
 * The user-perceived characters of `text`. Intl.Segmenter (every current browser, Node ≥ 16) knows
 * the full grapheme rules; without it a base letter keeps its combining marks (Thai vowels above and
 * below, tone marks) and the Thai SARA AM, which is a spacing mark although Unicode files it as a letter.
 */
function graphemes(text: string): string[] {
  // Checked on every call, not once, so an old browser (or a test) without Segmenter takes the fallback.
  if (typeof Intl !== 'undefined' && typeof Intl.Segmenter === 'function') {
    segmenter ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' })
    return Array.from(segmenter.segment(text), (s) => s.segment)
  }
  return text.match(/[^\p{M}\u0E33\u0EB3][\p{M}\u0E33\u0EB3]*|[\p{M}\u0E33\u0EB3]+/gsu) ?? []
}

/**
 * A title for a game tile (spec §5): over `max` user-perceived characters it is cut to `max` and
 * '…' is appended; a Thai vowel or tone mark is never separated from its letter. Spaces left at the
 * cut are dropped so the ellipsis sits against the last word.
 */
export function truncateTitle(title: string, max = TITLE_MAX): string {
  const limit = Number.isNaN(max) ? TITLE_MAX : Math.max(0, Math.floor(max))
  // A UTF-16 length within the limit means the grapheme count is too: skip segmenting.
  if (title.length <= limit) return title
  const parts = graphemes(title)
  if (parts.length <= limit) return title
  return `${parts.slice(0, limit).join('').trimEnd()}…`
}
