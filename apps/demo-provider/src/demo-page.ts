/**
 * The demo provider's HTML: one self-contained, mobile-first, dark page per game (inline CSS; the script is the
 * separate file /play/assets/demo-game.js because the CSP allows no inline script), a game picker for lobby
 * launches, and a friendly error page. No external assets: Kanit from /play/assets/ (the player app's, bundled:
 * a phone without a Thai font still reads every word), SVG drawn by the script.
 * Thai by default, English for a launch with lang=en (the words are in demo-texts.ts).
 */
import type { CatalogueGame, CatalogueProvider } from './host.ts'
import type { GameStyle } from './demo-engine.ts'
import { GAME_SCRIPT_PATH } from './game-script.ts'
import { FONTS_PATH } from './page-fonts.ts'
import { PAGE_TEXTS, type DemoLang, type PageTexts } from './demo-texts.ts'

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)
}

// Kanit has 400, 500 and 600 (packages/web-fonts): no rule asks for more, so none is drawn in a made-up bold.
const FONT = `Kanit, "Noto Sans Thai", "Sukhumvit Set", "Leelawadee UI", Thonburi, Tahoma, Garuda, Loma, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif`

const CSS = `
:root{--bg:#070b16;--panel:#111833;--panel2:#18214a;--line:#26305e;--text:#eef1ff;--muted:#9aa3c7;--gold:#ffc94a;--gold2:#ff9f1c;--win:#2ee59d;--lose:#ff5d73;--accent:#7c5cff;color-scheme:dark}
*{box-sizing:border-box;margin:0;padding:0}
html,body{min-height:100%;background:var(--bg);color:var(--text);font-family:${FONT};-webkit-font-smoothing:antialiased;-webkit-tap-highlight-color:transparent}
body{background:radial-gradient(120% 60% at 50% -10%,#24306a 0%,rgba(7,11,22,0) 60%),radial-gradient(80% 40% at 100% 100%,#2a1450 0%,rgba(7,11,22,0) 70%),var(--bg)}
button{font:inherit;color:inherit;border:0;background:none;cursor:pointer}
button:focus-visible,a:focus-visible,input:focus-visible{outline:2px solid var(--gold);outline-offset:2px}
.app{max-width:480px;margin:0 auto;min-height:100vh;min-height:100dvh;display:flex;flex-direction:column;gap:10px;padding:max(12px,env(safe-area-inset-top)) 16px max(16px,env(safe-area-inset-bottom))}
.top{display:flex;align-items:center;justify-content:space-between;gap:12px}
.back{display:inline-flex;align-items:center;gap:6px;height:40px;padding:0 14px 0 10px;border-radius:999px;background:rgba(255,255,255,.06);border:1px solid var(--line);color:var(--text);text-decoration:none;font-size:15px}
.back svg{width:18px;height:18px}
.wallet{display:flex;flex-direction:column;align-items:flex-end;padding:6px 14px;border-radius:14px;background:linear-gradient(135deg,rgba(255,201,74,.16),rgba(255,159,28,.06));border:1px solid rgba(255,201,74,.35);min-width:132px}
.wallet .label{font-size:11px;color:var(--muted);letter-spacing:.02em}
.wallet strong{font-size:19px;color:var(--gold);font-variant-numeric:tabular-nums;line-height:1.2;transition:color .3s}
.wallet.up strong{color:var(--win)}
.hero{display:flex;align-items:center;gap:12px}
.hero img{width:56px;height:56px;border-radius:14px;box-shadow:0 6px 18px rgba(0,0,0,.45);background:var(--panel)}
.hero h1{font-size:20px;line-height:1.25;font-weight:600}
.hero p{font-size:13px;color:var(--muted)}
.hero img.wide{width:84px}
.tag{display:inline-block;margin-left:6px;padding:1px 8px;border-radius:999px;background:rgba(124,92,255,.2);color:#c8bcff;font-size:11px;vertical-align:1px}
.stage{position:relative;border-radius:22px;padding:14px;background:linear-gradient(180deg,var(--panel2),var(--panel));border:1px solid var(--line);box-shadow:0 18px 40px rgba(0,0,0,.45),inset 0 1px 0 rgba(255,255,255,.06)}
.result{min-height:52px;display:flex;flex-direction:column;align-items:center;justify-content:center;text-align:center;padding:6px 12px;border-radius:14px;font-size:16px;color:var(--muted);background:rgba(255,255,255,.03);border:1px solid transparent;transition:all .25s}
.result small{display:block;font-size:13px;opacity:.85}
.result.win{color:#062a1b;background:linear-gradient(90deg,var(--win),#9bffcf);font-weight:600;font-size:18px;box-shadow:0 0 28px rgba(46,229,157,.35)}
.result.lose{color:#ffd3da;border-color:rgba(255,93,115,.35);background:rgba(255,93,115,.08)}
.result.info{color:var(--text);border-color:var(--line)}
.controls{display:flex;flex-direction:column;gap:8px;padding:12px 14px 14px;border-radius:20px;background:rgba(17,24,51,.85);border:1px solid var(--line)}
.row-label{display:flex;justify-content:space-between;align-items:baseline;font-size:13px;color:var(--muted)}
.row-label b{color:var(--text);font-size:15px}
.chips{display:grid;grid-template-columns:repeat(5,1fr);gap:8px}
.chip{height:42px;border-radius:12px;background:var(--panel2);border:1px solid var(--line);font-weight:600;font-size:15px;font-variant-numeric:tabular-nums;transition:transform .1s,background .2s}
.chip:active{transform:scale(.96)}
.chip[aria-pressed="true"]{background:linear-gradient(180deg,var(--gold),var(--gold2));color:#2b1600;border-color:transparent;box-shadow:0 6px 16px rgba(255,159,28,.35)}
.choices{display:grid;grid-template-columns:1fr 1fr;gap:8px}
.choices.three{grid-template-columns:repeat(3,1fr)}
.choices.ten{grid-template-columns:repeat(5,1fr)}
.choice{min-height:52px;border-radius:14px;background:var(--panel2);border:1px solid var(--line);display:flex;flex-direction:column;align-items:center;justify-content:center;gap:2px;font-weight:600;font-size:16px}
.choice small{font-weight:400;font-size:11px;color:var(--muted)}
.choice[aria-pressed="true"]{border-color:var(--gold);color:var(--gold);background:linear-gradient(180deg,rgba(255,201,74,.24),rgba(255,159,28,.08));box-shadow:inset 0 0 0 1px var(--gold)}
.choice[aria-pressed="true"] small{color:#ffe2a0}
.choice.dragon[aria-pressed="true"]{border-color:#ff6b6b;color:#ffb3b3;background:linear-gradient(180deg,rgba(255,80,80,.28),rgba(255,80,80,.08));box-shadow:inset 0 0 0 1px #ff6b6b}
.choice.tiger[aria-pressed="true"]{border-color:#4cc3ff;color:#b3e5ff;background:linear-gradient(180deg,rgba(60,170,255,.28),rgba(60,170,255,.08));box-shadow:inset 0 0 0 1px #4cc3ff}
.choice.dragon[aria-pressed="true"] small,.choice.tiger[aria-pressed="true"] small{color:inherit;opacity:.8}
.choice.hit{position:relative;border-color:var(--win);box-shadow:inset 0 0 0 1px var(--win),0 0 18px rgba(46,229,157,.35);animation:pulse .8s ease-in-out 2}
.choice.hit::after{content:"ผล";position:absolute;top:-8px;right:-4px;padding:0 6px;border-radius:999px;background:var(--win);color:#062a1b;font-size:10px;font-weight:600;line-height:16px}
html[lang="en"] .choice.hit::after{content:"Result"}
.stepper{display:grid;grid-template-columns:44px 1fr 44px;gap:8px;align-items:center}
.stepper button{height:42px;border-radius:12px;background:var(--panel2);border:1px solid var(--line);font-size:22px;font-weight:600}
.stepper input{height:42px;width:100%;border-radius:12px;border:1px solid var(--line);background:#0b1126;color:var(--gold);text-align:center;font:inherit;font-size:20px;font-weight:600;font-variant-numeric:tabular-nums}
.presets{display:grid;grid-template-columns:repeat(5,1fr);gap:6px}
.presets button{height:32px;border-radius:10px;background:rgba(255,255,255,.05);border:1px solid var(--line);font-size:13px;color:var(--muted)}
.presets button[aria-pressed="true"]{color:var(--gold);border-color:rgba(255,201,74,.5)}
.play{height:54px;margin-top:4px;border-radius:18px;font-size:20px;font-weight:600;letter-spacing:.02em;color:#2b1600;background:linear-gradient(180deg,#ffe08a,var(--gold) 45%,var(--gold2));box-shadow:0 10px 26px rgba(255,159,28,.4),inset 0 -3px 0 rgba(0,0,0,.18);transition:transform .1s,filter .2s}
.play:active{transform:translateY(1px) scale(.99)}
.play:disabled{filter:grayscale(.7) brightness(.7);cursor:default}
.foot{margin-top:auto;text-align:center;font-size:11px;color:#6b7399;padding-top:4px}
.toast{position:fixed;left:50%;bottom:calc(20px + env(safe-area-inset-bottom));transform:translateX(-50%);max-width:min(440px,calc(100% - 32px));padding:12px 16px;border-radius:14px;background:#2a1220;border:1px solid rgba(255,93,115,.5);color:#ffdbe1;font-size:14px;box-shadow:0 12px 30px rgba(0,0,0,.5);z-index:10}
.toast[hidden]{display:none}
.overlay{position:fixed;inset:0;background:rgba(4,6,14,.82);display:flex;align-items:center;justify-content:center;padding:24px;z-index:20;backdrop-filter:blur(4px)}
.overlay[hidden]{display:none}
.sheet{width:100%;max-width:360px;padding:24px;border-radius:22px;background:var(--panel);border:1px solid var(--line);text-align:center;display:flex;flex-direction:column;gap:12px}
.sheet .icon{width:64px;height:64px;margin:0 auto}
.sheet h1,.sheet h2{font-size:20px}
.sheet p{color:var(--muted);font-size:14px}
.btn{display:flex;align-items:center;justify-content:center;height:48px;border-radius:14px;background:linear-gradient(180deg,var(--gold),var(--gold2));color:#2b1600;font-weight:600;text-decoration:none}
@keyframes pulse{0%,100%{transform:scale(1)}50%{transform:scale(1.06)}}
@keyframes glow{0%,100%{box-shadow:0 0 0 2px rgba(255,201,74,.0)}50%{box-shadow:0 0 0 3px var(--gold),0 0 22px rgba(255,201,74,.6)}}
@media (prefers-reduced-motion:reduce){*{animation:none!important;transition:none!important}}
/* slot */
.reels{position:relative;display:grid;grid-template-columns:repeat(3,1fr);gap:8px;padding:10px;border-radius:16px;background:linear-gradient(180deg,#0a0f24,#141c3d);border:2px solid rgba(255,201,74,.55);box-shadow:inset 0 0 24px rgba(0,0,0,.7)}
.theme-ocean .reels{background:linear-gradient(180deg,#04263d,#063b5c 60%,#0a4f73);border-color:rgba(76,195,255,.6)}
.theme-gems .reels{background:linear-gradient(180deg,#1b0b33,#2b1050);border-color:rgba(200,120,255,.6)}
.reel{position:relative;overflow:hidden;aspect-ratio:1/2.55;border-radius:12px;background:rgba(255,255,255,.04)}
.reel::before,.reel::after{content:"";position:absolute;left:0;right:0;height:18%;z-index:2;pointer-events:none}
.reel::before{top:0;background:linear-gradient(180deg,rgba(0,0,0,.55),rgba(0,0,0,0))}
.reel::after{bottom:0;background:linear-gradient(0deg,rgba(0,0,0,.55),rgba(0,0,0,0))}
.strip{position:absolute;left:0;right:0;top:0;will-change:transform}
.cell{aspect-ratio:1/.85;display:flex;align-items:center;justify-content:center;padding:8% 12%}
.cell svg{width:100%;height:100%;filter:drop-shadow(0 3px 4px rgba(0,0,0,.5))}
.cell.hit{animation:glow .7s ease-in-out 3;border-radius:12px;background:rgba(255,201,74,.12)}
.lines{position:absolute;inset:10px;width:calc(100% - 20px);height:calc(100% - 20px);pointer-events:none;z-index:3}
.lines polyline{fill:none;stroke:var(--gold);stroke-width:5;stroke-linecap:round;stroke-linejoin:round;filter:drop-shadow(0 0 6px rgba(255,201,74,.9));opacity:.9}
.paytable{display:grid;grid-template-columns:repeat(6,1fr);gap:4px;margin-top:10px}
.paytable div{display:flex;flex-direction:column;align-items:center;font-size:11px;color:var(--muted);font-variant-numeric:tabular-nums}
.paytable svg{width:26px;height:26px}
/* crash */
.crash{display:flex;flex-direction:column;border-radius:16px;overflow:hidden;background:linear-gradient(180deg,#0a0f26,#121a3f);border:1px solid var(--line)}
.crash-head{display:flex;flex-direction:column;align-items:center;gap:6px;padding:10px 10px 0;min-height:96px}
.crash .graph{display:block;width:100%;height:150px}
.crash .grid line{stroke:rgba(255,255,255,.06);stroke-width:1}
.crash .curve{fill:none;stroke:var(--win);stroke-width:4;stroke-linecap:round;filter:drop-shadow(0 0 6px rgba(46,229,157,.7))}
.crash .area{fill:url(#area)}
.crash.busted .area{fill:url(#area-bad)}
.crash.busted .curve{stroke:var(--lose);filter:drop-shadow(0 0 6px rgba(255,93,115,.7))}
.crash .target-line{stroke:var(--gold);stroke-width:1.5;stroke-dasharray:6 6}
.crash .target-tag{fill:var(--gold);font-size:12px;font-weight:600}
.crash .head{fill:#fff;filter:drop-shadow(0 0 8px #fff)}
.mult{font-size:44px;line-height:1.05;font-weight:600;font-variant-numeric:tabular-nums;letter-spacing:-.02em;text-shadow:0 4px 20px rgba(0,0,0,.6)}
.crash.busted .mult{color:var(--lose)}
.crash.cashed .mult{color:var(--win)}
.crash-note{display:flex;justify-content:center;flex-wrap:wrap;gap:6px;font-size:14px;color:var(--muted)}
.crash-note span{padding:4px 12px;border-radius:999px;background:rgba(255,255,255,.05)}
.badge{display:inline-block;padding:4px 12px;border-radius:999px;font-weight:600;font-size:14px}
.badge.ok{background:#0b2f25;color:var(--win);border:1px solid rgba(46,229,157,.5)}
.badge.bad{background:#33101c;color:var(--lose);border:1px solid rgba(255,93,115,.5)}
/* card */
.table{display:grid;grid-template-columns:1fr auto 1fr;align-items:center;gap:10px;padding:18px 8px;border-radius:16px;background:radial-gradient(120% 90% at 50% 0%,#0f6b4a,#06382a);border:2px solid rgba(255,201,74,.45)}
.side{display:flex;flex-direction:column;align-items:center;gap:10px}
.side-name{font-weight:600;font-size:18px;letter-spacing:.04em}
.side.dragon .side-name{color:#ff8a8a}
.side.tiger .side-name{color:#7fd3ff}
.side.won .playing-card{box-shadow:0 0 0 3px var(--gold),0 0 26px rgba(255,201,74,.7)}
.vs{font-weight:600;color:rgba(255,255,255,.7);font-size:18px}
.playing-card{position:relative;width:96px;height:136px;border-radius:12px;perspective:600px}
.playing-card .face,.playing-card .cover{position:absolute;inset:0;border-radius:12px;backface-visibility:hidden;transition:transform .5s ease}
.playing-card .cover{background:repeating-linear-gradient(45deg,#7c1d2c 0 8px,#9b2335 8px 16px);border:4px solid #fff;box-shadow:0 8px 18px rgba(0,0,0,.45)}
.playing-card .face{background:#fdfcf7;color:#111;transform:rotateY(180deg);display:flex;align-items:center;justify-content:center;box-shadow:0 8px 18px rgba(0,0,0,.45)}
.playing-card.open .cover{transform:rotateY(-180deg)}
.playing-card.open .face{transform:rotateY(0)}
.face .corner{position:absolute;top:6px;left:8px;font-weight:800;font-size:18px;line-height:1;text-align:center;font-family:"DejaVu Sans",${FONT}}
.face .corner.br{top:auto;left:auto;bottom:6px;right:8px;transform:rotate(180deg)}
.face .pip{font-size:48px;font-family:"DejaVu Sans",${FONT}}
.face.red{color:#d0142c}
.odds{font-size:12px;color:var(--muted);text-align:center}
/* pick */
.board{display:grid;grid-template-columns:1fr auto 1fr;align-items:center;gap:8px;padding:20px 10px;border-radius:16px;background:linear-gradient(180deg,#0d5c2e,#083b1e);border:2px solid rgba(255,255,255,.2);text-align:center}
.board .team{font-weight:600;font-size:15px}
.board .team small{display:block;font-weight:400;color:rgba(255,255,255,.65);font-size:11px}
.score{min-width:120px;padding:10px 14px;border-radius:12px;background:#04140a;color:#ffe27a;font-size:34px;font-weight:600;font-variant-numeric:tabular-nums;letter-spacing:.06em;border:1px solid rgba(255,226,122,.3)}
.draw-ball{display:flex;flex-direction:column;align-items:center;gap:10px;padding:16px}
.ball{width:120px;height:120px;border-radius:50%;display:flex;align-items:center;justify-content:center;font-size:60px;font-weight:600;color:#3b1500;background:radial-gradient(circle at 35% 30%,#fff6cf,#ffc94a 45%,#d9820b);box-shadow:0 14px 30px rgba(0,0,0,.5),inset 0 -8px 16px rgba(0,0,0,.2)}
.ball.rolling{animation:pulse .25s linear infinite}
/* lobby */
.games{display:grid;grid-template-columns:repeat(3,1fr);gap:10px}
.game{display:flex;flex-direction:column;gap:6px;text-decoration:none;color:var(--text);font-size:12px;text-align:center}
.game img{display:block;width:100%;height:auto;aspect-ratio:1/1;border-radius:16px;background:var(--panel);box-shadow:0 8px 20px rgba(0,0,0,.4);transition:transform .15s}
.game:active img{transform:scale(.97)}
/* error */
.error-page{min-height:100vh;display:flex;align-items:center;justify-content:center;padding:24px}
`

/** Drawn, not emoji: a phone has emoji fonts, a server-side browser may not. */
const ICONS = {
  clock:
    '<svg class="icon" viewBox="0 0 64 64" aria-hidden="true"><circle cx="32" cy="34" r="24" fill="#18214a" stroke="#ffc94a" stroke-width="4"/><path d="M32 20v15l10 6" stroke="#ffc94a" stroke-width="4" stroke-linecap="round" fill="none"/><path d="M24 6h16" stroke="#ffc94a" stroke-width="4" stroke-linecap="round"/></svg>',
  dice: '<svg class="icon" viewBox="0 0 64 64" aria-hidden="true"><rect x="8" y="8" width="48" height="48" rx="12" fill="#18214a" stroke="#ffc94a" stroke-width="4"/><g fill="#ffc94a"><circle cx="22" cy="22" r="4.5"/><circle cx="42" cy="22" r="4.5"/><circle cx="32" cy="32" r="4.5"/><circle cx="22" cy="42" r="4.5"/><circle cx="42" cy="42" r="4.5"/></g></svg>',
}

const backLink = (t: PageTexts) =>
  `<a class="back" id="back" href="/" aria-label="${t.backLabel}"><svg viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2.4" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="M15 5l-7 7 7 7"/></svg>${t.back}</a>`

// `lang` also tells the script which words to use.
function document(lang: DemoLang, title: string, body: string, bodyAttributes = ''): string {
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<meta name="theme-color" content="#070b16">
<meta name="referrer" content="no-referrer">
<meta name="robots" content="noindex">
<link rel="icon" href="data:,">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="${FONTS_PATH}">
<style>${CSS}</style>
</head>
<body${bodyAttributes}>
${body}
</body>
</html>
`
}

function stageHtml(style: GameStyle, t: PageTexts): { stage: string; extra: string; playLabel: string } {
  switch (style.kind) {
    case 'slot':
      return {
        stage: `<div class="reels" id="reels">${[0, 1, 2].map((i) => `<div class="reel"><div class="strip" id="strip-${i}"></div></div>`).join('')}<svg class="lines" id="lines" viewBox="0 0 300 300" preserveAspectRatio="none" aria-hidden="true"></svg></div>
<div class="paytable" id="paytable" aria-label="${t.paytable}"></div>`,
        extra: '',
        playLabel: t.play[style.theme],
      }
    case 'crash':
      return {
        stage: `<div class="crash" id="crash">
<div class="crash-head"><div class="mult" id="mult">1.00×</div><div class="crash-note" id="crash-note"><span>${t.crashHint}</span></div></div>
<svg class="graph" viewBox="0 0 320 150" preserveAspectRatio="none" aria-hidden="true"><defs><linearGradient id="area" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#2ee59d" stop-opacity=".35"/><stop offset="1" stop-color="#2ee59d" stop-opacity="0"/></linearGradient><linearGradient id="area-bad" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ff5d73" stop-opacity=".3"/><stop offset="1" stop-color="#ff5d73" stop-opacity="0"/></linearGradient></defs>
<g class="grid"><line x1="0" y1="37" x2="320" y2="37"/><line x1="0" y1="75" x2="320" y2="75"/><line x1="0" y1="112" x2="320" y2="112"/><line x1="80" y1="0" x2="80" y2="150"/><line x1="160" y1="0" x2="160" y2="150"/><line x1="240" y1="0" x2="240" y2="150"/></g>
<path class="area" id="crash-area" d=""/><path class="curve" id="crash-curve" d=""/><line class="target-line" id="target-line" x1="0" x2="320" y1="0" y2="0"/><text class="target-tag" id="target-tag" x="6" y="0"></text><circle class="head" id="crash-head" r="5" cx="8" cy="134"/></svg></div>`,
        extra: `<div class="row-label"><span>${t.autoCashOutAt}</span><b id="target-label">2.00×</b></div>
<div class="stepper"><button type="button" id="target-down" aria-label="${t.targetDown}">−</button><input id="target" type="number" inputmode="decimal" min="1.01" max="100" step="0.01" value="2.00" aria-label="${t.target}"><button type="button" id="target-up" aria-label="${t.targetUp}">+</button></div>
<div class="presets" id="presets">${[1.5, 2, 3, 5, 10].map((t) => `<button type="button" data-target="${t}" aria-pressed="${t === 2}">${t.toFixed(t % 1 ? 1 : 0)}×</button>`).join('')}</div>`,
        playLabel: t.play.crash,
      }
    case 'card':
      return {
        stage: `<div class="table"><div class="side dragon" id="side-dragon"><span class="side-name">${t.dragon}</span><div class="playing-card" id="card-dragon"><div class="cover"></div><div class="face"></div></div></div><div class="vs">VS</div><div class="side tiger" id="side-tiger"><span class="side-name">${t.tiger}</span><div class="playing-card" id="card-tiger"><div class="cover"></div><div class="face"></div></div></div></div>`,
        extra: `<div class="row-label"><span>${t.chooseSide}</span><span class="odds">${t.cardOdds}</span></div>
<div class="choices" id="choices"><button type="button" class="choice dragon" data-pick="dragon" aria-pressed="true">${t.dragon}<small>${t.pays2}</small></button><button type="button" class="choice tiger" data-pick="tiger" aria-pressed="false">${t.tiger}<small>${t.pays2}</small></button></div>`,
        playLabel: t.play.card,
      }
    case 'pick':
      if (style.variant === 'sport') {
        const options = [t.home, t.draw, t.away]
        return {
          stage: `<div class="board"><div class="team">${t.home}<small>HOME</small></div><div class="score" id="score">0 : 0</div><div class="team">${t.away}<small>AWAY</small></div></div>`,
          extra: `<div class="row-label"><span>${t.predict}</span><span class="odds">${t.sportOdds}</span></div>
<div class="choices three" id="choices">${options.map((o, i) => `<button type="button" class="choice" data-pick="${i}" aria-pressed="${i === 0}">${o}<small>x2.88</small></button>`).join('')}</div>`,
          playLabel: t.play.sport,
        }
      }
      return {
        stage: `<div class="draw-ball"><div class="ball" id="ball">?</div><p class="odds">${t.lotteryOdds}</p></div>`,
        extra: `<div class="row-label"><span>${t.pickNumber}</span><b id="pick-label">0</b></div>
<div class="choices ten" id="choices">${Array.from({ length: 10 }, (_, i) => `<button type="button" class="choice" data-pick="${i}" aria-pressed="${i === 0}">${i}</button>`).join('')}</div>`,
        playLabel: t.play.lottery,
      }
  }
}

/** The game page. `lobby` is set for a lobby session, where the game is chosen in the URL. */
export function renderGamePage(model: {
  provider: CatalogueProvider
  game: CatalogueGame
  style: GameStyle
  bets: readonly number[]
  lobby: boolean
  lang: DemoLang
}): string {
  const { provider, game, style, bets, lang } = model
  const t = PAGE_TEXTS[lang]
  const { stage, extra, playLabel } = stageHtml(style, t)
  const theme = style.kind === 'slot' ? style.theme : ''
  const variant = style.kind === 'pick' ? style.variant : ''
  const attributes = ` class="kind-${style.kind}${theme ? ` theme-${theme}` : ''}" data-kind="${style.kind}" data-theme="${theme}" data-variant="${variant}" data-bets="${bets.join(',')}"${model.lobby ? ` data-game="${escapeHtml(game.code)}"` : ''}`
  const body = `<main class="app">
<header class="top">${backLink(t)}<div class="wallet" id="wallet" aria-live="polite"><span class="label">${t.balance}</span><strong id="balance">${t.loading}</strong></div></header>
<section class="hero"><img src="${escapeHtml(game.image)}" alt="" width="56" height="56"><div><h1>${escapeHtml(game.title)}</h1><p>${escapeHtml(provider.title)}<span class="tag">${escapeHtml(t.types[game.type] ?? game.type)}</span></p></div></section>
<section class="stage" id="stage">${stage}</section>
<p class="result" id="result" role="status">${t.prompt} “${playLabel}”</p>
<section class="controls" aria-label="${t.betting}">
${extra}
<div class="row-label"><span>${t.bet}</span><b id="bet-label">฿${bets[2] ?? bets[0]}</b></div>
<div class="chips" id="chips" role="group" aria-label="${t.bet}">${bets.map((b, i) => `<button type="button" class="chip" data-bet="${b}" aria-pressed="${i === 2}">฿${b}</button>`).join('')}</div>
<button type="button" class="play" id="play" disabled>${playLabel}</button>
</section>
<footer class="foot">${t.footGame}</footer>
</main>
<div class="toast" id="toast" role="alert" hidden></div>
<div class="overlay" id="overlay" hidden><div class="sheet">${ICONS.clock}<h2 id="overlay-title">${t.expired}</h2><p id="overlay-text"></p><a class="btn" href="/" id="overlay-back">${t.backToLobby}</a></div></div>
<script src="${GAME_SCRIPT_PATH}" defer></script>`
  return document(lang, `${game.title} · ${provider.title}`, body, attributes)
}

/** A lobby launch: the provider's games to choose from (links keep the token path and add ?game=). */
export function renderLobbyPage(model: { provider: CatalogueProvider; games: CatalogueGame[]; lang: DemoLang }): string {
  const t = PAGE_TEXTS[model.lang]
  const tiles = model.games
    // The tile picture already shows the title, so it is the image's text rather than a second caption.
    .map(
      (g) =>
        `<a class="game" href="?game=${encodeURIComponent(g.code)}&amp;lang=${encodeURIComponent(model.lang)}"><img src="${escapeHtml(g.image)}" alt="${escapeHtml(g.title)}" loading="lazy" width="120" height="120"></a>`,
    )
    .join('')
  const body = `<main class="app">
<header class="top">${backLink(t)}</header>
<section class="hero"><img class="wide" src="${escapeHtml(model.provider.image)}" alt="" width="84" height="56"><div><h1>${escapeHtml(model.provider.title)}</h1><p>${t.chooseGame}</p></div></section>
<section class="games">${tiles || `<p class="result">${t.noGames}</p>`}</section>
<footer class="foot">${t.footLobby}</footer>
</main>`
  return document(model.lang, model.provider.title, body)
}

/** The page for an unknown (404) or expired (401) game session; `message` is the service's text, in `lang` already. */
export function renderErrorPage(kind: 'not-found' | 'expired', message: string, lang: DemoLang = 'th'): string {
  const t = PAGE_TEXTS[lang]
  const title = kind === 'expired' ? t.expired : t.notFound
  const body = `<main class="error-page"><div class="sheet">${kind === 'expired' ? ICONS.clock : ICONS.dice}<h1>${title}</h1><p>${escapeHtml(message)}</p><a class="btn" href="/">${t.backToLobby}</a></div></main>`
  return document(lang, title, body)
}
