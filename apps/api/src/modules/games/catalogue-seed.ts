import { createHash } from 'node:crypto'
import type { CreateGameBody, CreateProviderBody } from '@sanam/contract'
import type { SiteService } from '../site/site.service.ts'
import type { CatalogueService } from './catalogue.service.ts'

/**
 * The demo catalogue: the spec's providers (§9) with games of fitting types, all played through the built-in
 * demo provider. Names are our own inventions (no studio's trademarks); images are generated SVG.
 */
interface SeedProvider {
  code: string
  title: string
  types: string[]
  colors: [string, string]
  lobby?: boolean
  maintenance?: boolean
  games: Array<[title: string, type: string, maintenance?: boolean]>
}

const slots = (names: string[]) => names.map((n) => [n, 'SLOT'] as [string, string])

export const CATALOGUE: SeedProvider[] = [
  {
    code: 'awcsexy',
    title: 'AE Sexy',
    types: ['CASINO', 'CASINO_LIVE'],
    colors: ['#be185d', '#500724'],
    lobby: true,
    games: [
      ['Sexy Baccarat', 'CASINO_LIVE'],
      ['Sexy Dragon Tiger', 'CASINO_LIVE'],
      ['Sexy Roulette', 'CASINO_LIVE'],
      ['Sexy Sic Bo', 'CASINO_LIVE'],
      ['Sexy Pok Deng', 'CARD'],
      ['Sexy Blackjack', 'CASINO_LIVE'],
      ['Sexy Fan Tan', 'CASINO_LIVE'],
      ['Sexy Thai Hi-Lo', 'CASINO_LIVE'],
    ],
  },
  {
    code: 'sagaming',
    title: 'SA Gaming',
    types: ['CASINO', 'CASINO_LIVE'],
    colors: ['#b45309', '#451a03'],
    lobby: true,
    games: [
      ['SA Baccarat', 'CASINO_LIVE'],
      ['SA Speed Baccarat', 'CASINO_LIVE'],
      ['SA Dragon Tiger', 'CASINO_LIVE'],
      ['SA Roulette', 'CASINO_LIVE'],
      ['SA Sic Bo', 'CASINO_LIVE'],
      ['SA Fish Prawn Crab', 'CASINO_LIVE'],
      ['SA Blackjack', 'CASINO_LIVE'],
      ['SA Andar Bahar', 'CARD'],
      ['SA Teen Patti', 'CARD'],
    ],
  },
  {
    code: 'wm',
    title: 'WM Casino',
    types: ['CASINO', 'CASINO_LIVE', 'GAME'],
    colors: ['#0f766e', '#042f2e'],
    lobby: true,
    games: [
      ['WM Baccarat', 'CASINO_LIVE'],
      ['WM Dragon Tiger', 'CASINO_LIVE'],
      ['WM Roulette', 'CASINO_LIVE'],
      ['WM Niu Niu', 'CARD'],
      ['WM Sic Bo', 'CASINO_LIVE'],
      ['WM Fan Tan', 'CASINO_LIVE'],
      ['WM Three Cards', 'CARD'],
      ['WM Blackjack', 'CASINO_LIVE'],
    ],
  },
  {
    code: 'evo',
    title: 'Evolution Live',
    types: ['CASINO', 'CASINO_LIVE', 'GAME'],
    colors: ['#1e3a8a', '#0b1020'],
    lobby: true,
    games: [
      ['Cash Or Crash', 'CRASH'],
      ['Lightning Baccarat', 'CASINO_LIVE'],
      ['Lightning Roulette', 'CASINO_LIVE'],
      ['Speed Blackjack', 'CASINO_LIVE'],
      ['Crazy Coin Flip', 'CASINO_LIVE'],
      ['Dream Wheel', 'CASINO_LIVE'],
      ['Mega Sic Bo', 'CASINO_LIVE'],
      ['Golden Dragon Tiger', 'CASINO_LIVE'],
      ['Football Studio Live', 'CASINO_LIVE'],
      ['Monopoly Board Live', 'CASINO_LIVE', true],
    ],
  },
  {
    code: 'joker',
    title: 'Joker Gaming',
    types: ['SLOT', 'GAME', 'FISHING'],
    colors: ['#7c3aed', '#2e1065'],
    games: [
      ...slots([
        'Roma Legend',
        'Golden Dragon',
        'Lucky God',
        'Caishen Riches',
        'Fortune Tree',
        'Panda Party',
        'Wild Fairies',
        'Burning Pearl',
        'Horus Eye',
        'Tiger Treasure',
      ]),
      ['Fish Hunter Joker', 'FISHING'],
      ['Ocean King Joker', 'FISHING'],
      ['Joker Hi-Lo', 'FUNKY'],
      ['Joker Fruit Blast', 'FUNKY'],
      ['Joker Dice Rush', 'FUNKY'],
      ['Joker Plinko Party', 'FUNKY'],
      ['Joker Mini Roulette', 'FUNKY'],
      ['Joker Keno', 'FUNKY', true],
    ],
  },
  {
    code: 'pgsoft_th_v1',
    title: 'PG Soft TH',
    types: ['SLOT'],
    colors: ['#ea580c', '#431407'],
    games: slots([
      'Mahjong Path',
      'Mahjong Path 2',
      'Lucky Neko Cat',
      'Treasures of Siam',
      'Ganesha Gold Rush',
      'Thai River Wonders',
      'Dragon Hatch TH',
      'Songkran Splash',
      'Wild Bandito TH',
      'Phoenix Rises TH',
    ]),
  },
  {
    code: 'pgsoft',
    title: 'PG Soft',
    types: ['SLOT'],
    colors: ['#f97316', '#431407'],
    games: slots([
      'Fortune Ox',
      'Fortune Tiger',
      'Fortune Mouse',
      'Candy Burst',
      'Caishen Wins',
      'Dreams of Macau',
      'Queen of Bounty',
      'Jungle Delight',
      'Leprechaun Riches',
      'Medusa Gaze',
      'Wild Coaster',
      'Double Fortune',
    ]),
  },
  {
    code: 'pragmaticplay',
    title: 'Pragmatic Play',
    types: ['SLOT', 'CASINO_LIVE'],
    colors: ['#d97706', '#1c1917'],
    games: slots([
      'Gates of Olympia',
      'Sweet Bonanza',
      'Starlight Princess',
      'Sugar Rush',
      'Big Bass Splash',
      'Wolf Gold',
      'The Dog House',
      'Great Rhino',
      'Fruit Party',
      'Aztec Gems',
      'Buffalo King',
      'Gems Bonanza',
    ]),
  },
  {
    code: 'amb_pgsoft',
    title: 'AMB Slot',
    types: ['SLOT'],
    colors: ['#db2777', '#4a044e'],
    games: slots([
      'Mahjong Path',
      'Lucky Lantern',
      'Golden Buffalo AMB',
      'Jade Empire',
      'Neon Tiger',
      'Mango Rush',
      'Pirate Gold AMB',
      'Samurai Spin',
      'Lotus Queen',
    ]),
  },
  {
    code: 'cq9',
    title: 'CQ9 Gaming',
    types: ['SLOT', 'FISHING'],
    colors: ['#dc2626', '#450a0a'],
    games: [
      ...slots(['Jump High', 'Zeus Thunder', 'Wolf Moon', 'Lucky Bats', 'God of War CQ', 'Rave Jump', 'Fire Chibi', 'Muay Thai Champ']),
      ['Paradise Fishing', 'FISHING'],
      ['Lucky Fishing CQ', 'FISHING'],
    ],
  },
  {
    code: 'evo_redtiger',
    title: 'Red Tiger',
    types: ['SLOT'],
    colors: ['#b91c1c', '#1c1917'],
    games: slots(['Dragon Luck', 'Gonzo Gold', 'Pirates Plenty', 'Mystery Reels', 'Rainbow Jackpots', 'Totem Lightning', 'Well of Wishes', 'Primate King']),
  },
  {
    code: 'spadegaming',
    title: 'Spadegaming',
    types: ['SLOT', 'FISHING'],
    colors: ['#0369a1', '#082f49'],
    games: [
      ...slots(['Lucky Koi', 'Golden Lotus', 'Heroes Spade', 'Fiery Sevens', 'Dancing Fever', 'Royal Katt', 'Gold Panther', 'Brothers Kingdom']),
      ['Fishing God', 'FISHING'],
      ['Fishing War', 'FISHING'],
    ],
  },
  {
    code: 'jili',
    title: 'JILI',
    types: ['SLOT', 'FISHING', 'GAME'],
    colors: ['#ca8a04', '#422006'],
    games: [
      ...slots(['Super Ace', 'Money Coming', 'Golden Empire', 'Boxing King', 'Fortune Gems', 'Crazy 777', 'Charge Buffalo', 'Lucky Ball']),
      ['Jackpot Fishing', 'FISHING'],
      ['Royal Fishing', 'FISHING'],
      ['Mega Fishing', 'FISHING'],
      ['Dinosaur Tycoon', 'FISHING', true],
    ],
  },
  {
    code: 'rich88',
    title: 'Rich88',
    types: ['SLOT'],
    colors: ['#15803d', '#052e16'],
    games: slots(['Rich Fortune', 'Money Tree 88', 'Lucky Cat 88', 'Golden Toad', 'Mega Wealth', 'Prosperity Lion', 'Jade Dragon 88', 'Ruby Lucky']),
  },
  {
    code: 'jdb',
    title: 'JDB',
    types: ['SLOT', 'FISHING'],
    maintenance: true,
    colors: ['#4338ca', '#1e1b4b'],
    games: [
      ...slots(['Lucky Seven JDB', 'Kong', 'Winning Mask', 'Dragon Warrior', 'Funky King Kong', 'Open Sesame', 'Treasure Bowl', 'Birds Party']),
      ['Dragon Fishing JDB', 'FISHING'],
    ],
  },
  {
    code: 'kingmaker',
    title: 'Kingmaker',
    types: ['GAME', 'CASINO'],
    colors: ['#9333ea', '#3b0764'],
    lobby: true,
    games: [
      ['Thai Hi-Lo KM', 'CARD'],
      ['Pok Deng KM', 'CARD'],
      ['Fish Prawn Crab KM', 'CARD'],
      ['Sic Bo KM', 'CARD'],
      ['Baccarat KM', 'CARD'],
      ['Card Matka', 'CARD'],
      ['Coin Toss', 'CARD'],
      ['Cards Hi-Lo', 'CARD'],
      ['Ludo Quick', 'CARD'],
    ],
  },
  {
    code: 'sbo',
    title: 'SBO Sports',
    types: ['SPORT'],
    colors: ['#16a34a', '#052e16'],
    lobby: true,
    games: [
      ['SBO Football', 'SPORT'],
      ['SBO Basketball', 'SPORT'],
      ['SBO Tennis', 'SPORT'],
      ['SBO Muay Thai', 'SPORT'],
      ['SBO Esports', 'SPORT'],
      ['SBO Volleyball', 'SPORT'],
      ['SBO Badminton', 'SPORT'],
      ['SBO Virtual Football', 'SPORT'],
    ],
  },
  {
    code: 'saba',
    title: 'SABA Sports',
    types: ['SPORT', 'LOTTERY'],
    colors: ['#0891b2', '#083344'],
    lobby: true,
    games: [
      ['SABA Football', 'SPORT'],
      ['SABA Basketball', 'SPORT'],
      ['SABA Number Game', 'LOTTERY'],
      ['SABA Thai Lotto', 'LOTTERY'],
      ['SABA Virtual Sports', 'SPORT'],
      ['SABA Cricket', 'SPORT'],
      ['SABA Esports', 'SPORT'],
      ['SABA Keno', 'LOTTERY'],
    ],
  },
]

function escape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

const icon: Record<string, string> = {
  SLOT: '<rect x="58" y="70" width="24" height="36" rx="4"/><rect x="88" y="70" width="24" height="36" rx="4"/><rect x="118" y="70" width="24" height="36" rx="4"/>',
  FUNKY: '<circle cx="100" cy="88" r="22"/><circle cx="100" cy="88" r="10" fill="#00000055"/>',
  FISHING: '<path d="M60 88 Q100 50 140 88 Q100 126 60 88 Z"/><path d="M140 88 L162 70 L162 106 Z"/>',
  CASINO: '<rect x="70" y="64" width="40" height="54" rx="5"/><rect x="92" y="58" width="40" height="54" rx="5" opacity="0.7"/>',
  CASINO_LIVE: '<circle cx="100" cy="88" r="28" fill="none" stroke="#fff" stroke-width="6"/><circle cx="100" cy="88" r="8"/>',
  CARD: '<rect x="70" y="64" width="40" height="54" rx="5"/><rect x="92" y="58" width="40" height="54" rx="5" opacity="0.7"/>',
  CRASH: '<path d="M56 118 L86 96 L104 104 L144 62" fill="none" stroke="#fff" stroke-width="8" stroke-linecap="round"/><circle cx="144" cy="62" r="8"/>',
  SPORT: '<circle cx="100" cy="88" r="28"/><path d="M100 60 L100 116 M72 88 L128 88" stroke="#00000055" stroke-width="4"/>',
  LOTTERY: '<circle cx="80" cy="88" r="14"/><circle cx="108" cy="78" r="14" opacity="0.8"/><circle cx="120" cy="104" r="14" opacity="0.6"/>',
}

/** Accent glows so tiles of one provider do not all look alike. */
const ACCENTS = ['#f59e0b', '#22d3ee', '#f472b6', '#a3e635', '#fb7185', '#818cf8', '#34d399', '#facc15']
const SLOT_ICONS = [
  icon.SLOT,
  '<path d="M72 66 H128 L98 118 H84 L108 78 H72 Z"/>',
  '<path d="M100 58 L110 82 L136 84 L116 100 L122 126 L100 112 L78 126 L84 100 L64 84 L90 82 Z"/>',
  '<circle cx="84" cy="96" r="16"/><circle cx="116" cy="96" r="16"/><path d="M84 80 Q98 52 124 60" fill="none" stroke="#fff" stroke-width="5"/>',
]

export function tileSvg(title: string, type: string, colors: [string, string]): string {
  const seed = createHash('sha256').update(title).digest()
  const accent = ACCENTS[seed[0]! % ACCENTS.length]
  const art = type === 'SLOT' ? SLOT_ICONS[seed[1]! % SLOT_ICONS.length] : (icon[type] ?? icon.SLOT)
  return `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200" viewBox="0 0 200 200">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colors[0]}"/><stop offset="1" stop-color="${colors[1]}"/></linearGradient>
<radialGradient id="a" cx="0.8" cy="0.15" r="0.7"><stop offset="0" stop-color="${accent}" stop-opacity="0.55"/><stop offset="1" stop-color="${accent}" stop-opacity="0"/></radialGradient></defs>
<rect width="200" height="200" rx="24" fill="url(#g)"/>
<rect width="200" height="200" rx="24" fill="url(#a)"/>
<g fill="#ffffff">${art}</g>
<text x="100" y="160" text-anchor="middle" font-family="Kanit, 'Noto Sans Thai', sans-serif" font-size="${title.length > 16 ? 15 : 18}" font-weight="600" fill="#fff">${escape(title)}</text>
</svg>
`
}

export function providerSvg(title: string, colors: [string, string]): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="160" viewBox="0 0 240 160">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colors[0]}"/><stop offset="1" stop-color="${colors[1]}"/></linearGradient></defs>
<rect width="240" height="160" rx="22" fill="url(#g)"/>
<circle cx="200" cy="30" r="60" fill="#ffffff" opacity="0.08"/>
<text x="120" y="92" text-anchor="middle" font-family="Kanit, 'Noto Sans Thai', sans-serif" font-size="${title.length > 12 ? 24 : 30}" font-weight="700" fill="#fff">${escape(title)}</text>
</svg>
`
}

const slug = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '')

/** Stable pseudo-popularity so the popular lists look plausible and never change between runs. */
function popularity(seed: string): number {
  return createHash('sha256').update(seed).digest().readUInt16BE(0) % 1000
}

/**
 * Seeds the demo catalogue on a database without providers, through the back-office editor's own service (each
 * provider and game created and audited as the editor would, by the system), its drawn images stored by the site's.
 */
export async function seedCatalogue(deps: {
  catalogue: Pick<CatalogueService, 'providers' | 'createProvider' | 'createGames'>
  site: Pick<SiteService, 'storeDrawnImages'>
}): Promise<void> {
  const { catalogue, site } = deps
  if ((await catalogue.providers()).length > 0) return
  for (const [index, p] of CATALOGUE.entries()) {
    const [image] = await site.storeDrawnImages([{ path: `providers/${p.code}.svg`, svg: providerSvg(p.title, p.colors) }])
    await catalogue.createProvider(null, {
      code: p.code,
      title: p.title,
      image: image!,
      types: p.types as CreateProviderBody['types'],
      maintenance: p.maintenance ?? false,
      lobby: p.lobby ?? false,
      sort: index,
      popularity: popularity(p.code),
      adapter: 'demo',
    })
    const games = p.games.map(([title, type, maintenance], i) => ({ title, type: type as CreateGameBody['type'], maintenance: maintenance ?? false, sort: i }))
    const images = await site.storeDrawnImages(games.map((g) => ({ path: `games/${p.code}/${slug(g.title)}.svg`, svg: tileSvg(g.title, g.type, p.colors) })))
    await catalogue.createGames(
      null,
      p.code,
      games.map((g, i) => ({
        code: slug(g.title),
        title: g.title,
        image: images[i]!,
        type: g.type,
        lobby: false,
        maintenance: g.maintenance,
        popularity: g.title === 'Cash Or Crash' ? 999 : popularity(`${p.code}:${g.title}`),
        sort: g.sort,
      })),
    )
  }
}
