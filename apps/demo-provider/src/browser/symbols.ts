/**
 * The slot symbols, drawn as SVG (64 × 64) rather than emoji: a phone has emoji fonts, a server-side browser may not.
 * Six per theme, from the commonest (0) to the rarest (5), as the engine's paytable counts them.
 */

function fish(c: string, tail: string, stripes: boolean): string {
  const mark = stripes
    ? '<path d="M22 19c4 5 4 21 0 26M34 19c3 5 3 21 0 26" stroke="#fff" stroke-width="4" fill="none"/>'
    : `<path d="M22 20c5 4 5 20 0 24" stroke="${tail}" stroke-width="3" fill="none"/>`
  return `<path d="M44 32l16-13v26z" fill="${tail}"/><ellipse cx="27" cy="32" rx="21" ry="14" fill="${c}"/>${mark}<circle cx="14" cy="29" r="4" fill="#fff"/><circle cx="13" cy="29" r="2" fill="#111"/><ellipse cx="27" cy="25" rx="10" ry="3" fill="#fff" opacity=".3"/>`
}

function gem(c: string, l: string): string {
  return `<path d="M18 10h28l12 14-26 32L6 24z" fill="${c}"/><path d="M6 24h52M18 10l6 14 8-14 8 14 6-14M24 24l8 32 8-32" stroke="${l}" stroke-width="1.6" fill="none" opacity=".85"/><path d="M18 10h28l-6 14H24z" fill="#fff" opacity=".28"/>`
}

const SYMBOLS: Record<string, string[]> = {
  fruit: [
    '<path d="M24 38C26 26 34 16 46 11M42 41C41 30 42 20 46 11" fill="none" stroke="#5b8c1a" stroke-width="3" stroke-linecap="round"/><path d="M46 11c5-4 11-3 14 1-5 4-10 4-14-1z" fill="#7cc242"/><circle cx="22" cy="44" r="12" fill="#e11d48"/><circle cx="43" cy="46" r="12" fill="#f43f5e"/><circle cx="18" cy="39" r="3.5" fill="#fff" opacity=".55"/><circle cx="39" cy="41" r="3.5" fill="#fff" opacity=".55"/>',
    '<path d="M4 35c3-2 5-4 7-7 9-12 33-12 42 0 2 3 4 5 7 7-3 2-5 4-7 7-9 12-33 12-42 0-2-3-4-5-7-7z" fill="#facc15" stroke="#ca8a04" stroke-width="2" stroke-linejoin="round"/><ellipse cx="26" cy="28" rx="10" ry="4" fill="#fff" opacity=".5"/><path d="M31 20c2-6 8-9 13-8-2 5-8 8-13 8z" fill="#65a30d"/>',
    '<path d="M32 8c-11 0-17 9-17 20v10l-6 8h46l-6-8V28c0-11-6-20-17-20z" fill="#fbbf24" stroke="#b45309" stroke-width="2"/><circle cx="32" cy="51" r="6" fill="#b45309"/><rect x="29" y="4" width="6" height="6" rx="3" fill="#b45309"/><path d="M22 22c1-5 4-8 8-9" stroke="#fff" stroke-width="3" stroke-linecap="round" opacity=".6" fill="none"/>',
    '<g transform="translate(0 8)"><path d="M6 24a26 26 0 0 0 52 0z" fill="#15803d"/><path d="M10 24a22 22 0 0 0 44 0z" fill="#f1f5f9"/><path d="M13 24a19 19 0 0 0 38 0z" fill="#ef4444"/><g fill="#111"><ellipse cx="24" cy="31" rx="1.6" ry="2.6"/><ellipse cx="32" cy="36" rx="1.6" ry="2.6"/><ellipse cx="40" cy="31" rx="1.6" ry="2.6"/><ellipse cx="28" cy="28" rx="1.4" ry="2.2"/><ellipse cx="36" cy="28" rx="1.4" ry="2.2"/></g></g>',
    '<path d="M32 5l8.2 16.6 18.3 2.7-13.2 12.9 3.1 18.2L32 46.8l-16.4 8.6 3.1-18.2L5.5 24.3l18.3-2.7z" fill="#fde047" stroke="#ca8a04" stroke-width="2.5" stroke-linejoin="round"/><path d="M30 15l-3 7" stroke="#fff" stroke-width="3" stroke-linecap="round" opacity=".6"/>',
    '<path d="M12 9h40v10L33 57H19l19-37H12z" fill="#ef4444" stroke="#7f1d1d" stroke-width="3" stroke-linejoin="round"/><path d="M16 13h30" stroke="#fff" stroke-width="3" opacity=".45" stroke-linecap="round"/>',
  ],
  ocean: [
    fish('#38bdf8', '#0284c7', false),
    fish('#fb923c', '#ea580c', true),
    '<g fill="#ef4444"><ellipse cx="32" cy="38" rx="18" ry="12"/><circle cx="12" cy="20" r="7"/><circle cx="52" cy="20" r="7"/></g><path d="M16 26l6 8M48 26l-6 8M14 42l-8 6M14 46l-6 10M50 42l8 6M50 46l6 10" stroke="#ef4444" stroke-width="3.5" stroke-linecap="round"/><path d="M8 16l5 5M56 16l-5 5" stroke="#7f1d1d" stroke-width="3" stroke-linecap="round"/><circle cx="26" cy="30" r="3.2" fill="#fff"/><circle cx="38" cy="30" r="3.2" fill="#fff"/><circle cx="26" cy="30" r="1.6" fill="#111"/><circle cx="38" cy="30" r="1.6" fill="#111"/>',
    '<path d="M14 30a18 18 0 0 1 36 0v6H14z" fill="#a855f7"/><path d="M16 34c-2 10-8 14-10 20M24 36c0 10-4 14-6 20M32 36v20M40 36c0 10 4 14 6 20M48 34c2 10 8 14 10 20" stroke="#a855f7" stroke-width="5" stroke-linecap="round" fill="none"/><circle cx="25" cy="26" r="4" fill="#fff"/><circle cx="39" cy="26" r="4" fill="#fff"/><circle cx="25" cy="27" r="2" fill="#111"/><circle cx="39" cy="27" r="2" fill="#111"/>',
    '<g fill="#65a30d"><ellipse cx="14" cy="20" rx="7" ry="4" transform="rotate(-35 14 20)"/><ellipse cx="50" cy="20" rx="7" ry="4" transform="rotate(35 50 20)"/><ellipse cx="14" cy="48" rx="7" ry="4" transform="rotate(35 14 48)"/><ellipse cx="50" cy="48" rx="7" ry="4" transform="rotate(-35 50 48)"/><circle cx="32" cy="10" r="6"/></g><ellipse cx="32" cy="34" rx="18" ry="20" fill="#15803d" stroke="#a3e635" stroke-width="2"/><path d="M32 21l8 7-3 10H27l-3-10z" stroke="#a3e635" stroke-width="2" fill="#166534"/>',
    '<path d="M4 36c10-12 26-16 40-12l6-14 4 16 8-8-2 14 2 12-8-6c-14 10-34 10-50-2z" fill="#facc15" stroke="#a16207" stroke-width="2" stroke-linejoin="round"/><circle cx="16" cy="33" r="2.6" fill="#111"/><path d="M9 40l4-2 3 3 3-3 3 3 3-3" stroke="#fff" stroke-width="1.8" fill="none"/><path d="M26 26c6-2 12-2 16 0" stroke="#fff" stroke-width="2.5" stroke-linecap="round" opacity=".5" fill="none"/>',
  ],
  gems: [
    gem('#22c55e', '#bbf7d0'),
    gem('#3b82f6', '#bfdbfe'),
    gem('#a855f7', '#e9d5ff'),
    gem('#ef4444', '#fecaca'),
    '<path d="M8 46l-2-28 14 12 12-18 12 18 14-12-2 28z" fill="#fbbf24" stroke="#a16207" stroke-width="2.5" stroke-linejoin="round"/><rect x="8" y="46" width="48" height="8" rx="2" fill="#f59e0b" stroke="#a16207" stroke-width="2.5"/><circle cx="32" cy="36" r="4" fill="#ef4444"/><circle cx="19" cy="40" r="3" fill="#3b82f6"/><circle cx="45" cy="40" r="3" fill="#22c55e"/>',
    '<circle cx="32" cy="32" r="26" fill="#fbbf24" stroke="#a16207" stroke-width="3"/><circle cx="32" cy="32" r="20" fill="none" stroke="#fde68a" stroke-width="2"/><path d="M37 18v20c0 6-4 9-9 9-4 0-7-2-8-5l5-2c1 1 2 2 3 2 2 0 3-1 3-4V18z" fill="#7c2d12"/>',
  ],
}

/** One symbol as an inline SVG element. */
export function svg(inner: string): string {
  return `<svg viewBox="0 0 64 64" aria-hidden="true">${inner}</svg>`
}

/** The pictures of a theme (fruit for one it does not know). */
export function symbolsOf(theme: string): string[] {
  return SYMBOLS[theme] ?? (SYMBOLS.fruit as string[])
}

/** One reel cell showing `symbol` of `theme`. */
export function cell(theme: string, symbol: number): string {
  return `<div class="cell">${svg(symbolsOf(theme)[symbol] ?? '')}</div>`
}
