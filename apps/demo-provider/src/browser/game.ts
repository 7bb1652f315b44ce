/**
 * The game page's script, built into /play/assets/demo-game.js (a file: the CSP allows no inline script). It reads
 * its settings from the page's data-* attributes and the token from the URL path (logic.ts), talks only to
 * /play/<token>/state and /play/<token>/round, and animates the answer: the server decides every outcome.
 * Its words come from demo-texts.ts: Thai, or English when the page's <html lang> is "en".
 */
import type { DemoPlayState, DemoRoundResult } from '@sanam/contract'
import { LINE_PAYS, PAYLINES } from '../paytable.ts'
import {
  balanceDuringRound,
  callUrl,
  cardFace,
  clampTarget,
  crashPlan,
  easeOutCubic,
  GRAPH,
  moneyFormat,
  multiplierAt,
  paylinePoints,
  readSettings,
  refusal,
  roundBody,
  roundMessage,
  say,
  stepTarget,
  textsOf,
  yOf,
  type Answer,
  type AnswerBody,
  type CardOutcome,
  type CrashOutcome,
  type Outcome,
  type PageSettings,
  type Side,
} from './logic.ts'
import { cell, svg, symbolsOf } from './symbols.ts'

function start(settings: PageSettings): void {
  const { kind, theme, variant, bets, english } = settings
  const T = textsOf(settings)
  const money = moneyFormat(english)
  const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false
  const body = document.body

  /** An element the page is known to have. */
  const $ = <E extends HTMLElement = HTMLElement>(id: string): E => document.getElementById(id) as E
  /** An SVG element the page is known to have. */
  const svgEl = (id: string): SVGElement => document.getElementById(id) as unknown as SVGElement
  const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, reduceMotion ? Math.min(ms, 60) : ms))

  const state = {
    bet: bets[2] ?? bets[0] ?? 1,
    target: 2,
    pick: (kind === 'card' ? 'dragon' : 0) as Side | number,
    balance: null as number | null,
    busy: false,
    cooling: false,
    grid: null as number[][] | null,
  }

  // ---- shared UI ---------------------------------------------------------------------------------------------
  const balanceEl = $('balance')
  const resultEl = $('result')
  const playBtn = $<HTMLButtonElement>('play')
  let toastTimer: ReturnType<typeof setTimeout> | undefined
  let coolTimer: ReturnType<typeof setTimeout> | undefined

  function showBalance(value: number, up: boolean) {
    const from = state.balance
    state.balance = value
    const wallet = $('wallet')
    if (up) {
      wallet.classList.add('up')
      setTimeout(() => wallet.classList.remove('up'), 1200)
    }
    if (from === null || reduceMotion || from === value) {
      balanceEl.textContent = money(value)
      return
    }
    const begin = performance.now()
    const frame = (now: number) => {
      const t = Math.min(1, (now - begin) / 600)
      balanceEl.textContent = money(from + (value - from) * easeOutCubic(t))
      if (t < 1) requestAnimationFrame(frame)
      else balanceEl.textContent = money(value)
    }
    requestAnimationFrame(frame)
  }

  function setResult(text: string, cls: string, hint?: string) {
    resultEl.className = `result${cls ? ` ${cls}` : ''}`
    resultEl.textContent = text
    if (hint) {
      const small = document.createElement('small')
      small.textContent = hint
      resultEl.appendChild(small)
    }
  }

  function toast(text: string) {
    const el = $('toast')
    el.textContent = text
    el.hidden = false
    clearTimeout(toastTimer)
    toastTimer = setTimeout(() => (el.hidden = true), 4000)
  }

  function overlay(title: string, text: string) {
    $('overlay-title').textContent = title
    $('overlay-text').textContent = text
    $('overlay').hidden = false
    playBtn.disabled = true
  }

  function refreshPlay() {
    playBtn.disabled = state.busy || state.cooling || state.balance === null
  }

  /** Too many rounds too fast: the button rests until the server's Retry-After has passed. */
  function coolDown(seconds: number) {
    state.cooling = true
    clearTimeout(coolTimer)
    coolTimer = setTimeout(() => {
      state.cooling = false
      refreshPlay()
    }, seconds * 1000)
  }

  async function api(method: 'GET' | 'POST', path: '/state' | '/round', payload?: unknown): Promise<Answer> {
    const controller = typeof AbortController === 'function' ? new AbortController() : null
    const timer = controller ? setTimeout(() => controller.abort(), 20_000) : undefined
    const headers: Record<string, string> = { accept: 'application/json' }
    const init: RequestInit = { method, headers, credentials: 'same-origin', cache: 'no-store' }
    if (controller) init.signal = controller.signal
    if (payload !== undefined) {
      headers['content-type'] = 'application/json'
      init.body = JSON.stringify(payload)
    }
    try {
      const res = await fetch(callUrl(settings, path), init)
      const retryAfter = Number(res.headers.get('retry-after')) || 0
      const json = (await res.json().catch(() => ({}))) as AnswerBody
      return { status: res.status, ok: res.ok, retryAfter, body: json }
    } catch {
      return { status: 0, ok: false, retryAfter: 0, body: { message: T.connection } }
    } finally {
      clearTimeout(timer)
    }
  }

  /** Shows a refusal; true when the page can go on. */
  function refused(res: Answer): boolean {
    const shown = refusal(res, english)
    if (shown.show === 'overlay') {
      overlay(shown.title, shown.message)
      return false
    }
    setResult(shown.message, shown.cls, shown.hint)
    if (shown.coolDownSeconds !== undefined) coolDown(shown.coolDownSeconds)
    if (shown.toast) toast(shown.message)
    return true
  }

  async function loadState() {
    const res = await api('GET', '/state')
    if (!res.ok) {
      balanceEl.textContent = '-'
      refused(res)
      return
    }
    showBalance((res.body.data as DemoPlayState).balance, false)
    refreshPlay()
  }

  // ---- bet size and choices ----------------------------------------------------------------------------------
  function pressOnly(container: HTMLElement, selector: string, pressed: Element) {
    container.querySelectorAll(selector).forEach((b) => b.setAttribute('aria-pressed', String(b === pressed)))
  }
  /** The button under a click that carries `attribute`, if any. */
  const clicked = (e: Event, attribute: string) => (e.target instanceof Element ? e.target.closest(`[${attribute}]`) : null)

  $('chips').addEventListener('click', (e) => {
    const chip = clicked(e, 'data-bet')
    if (!chip || state.busy) return
    state.bet = Number(chip.getAttribute('data-bet'))
    pressOnly($('chips'), '[data-bet]', chip)
    $('bet-label').textContent = `\u0e3f${state.bet}`
  })
  const choices = document.getElementById('choices')
  choices?.addEventListener('click', (e) => {
    const b = clicked(e, 'data-pick')
    if (!b || state.busy) return
    const value = b.getAttribute('data-pick') ?? ''
    state.pick = kind === 'card' ? (value as Side) : Number(value)
    pressOnly(choices, '[data-pick]', b)
    const label = document.getElementById('pick-label')
    if (label) label.textContent = value
  })

  function setTarget(raw: number) {
    const value = clampTarget(raw)
    state.target = value
    $<HTMLInputElement>('target').value = value.toFixed(2)
    $('target-label').textContent = `${value.toFixed(2)}\u00d7`
    $('presets')
      .querySelectorAll('[data-target]')
      .forEach((b) => b.setAttribute('aria-pressed', String(Number(b.getAttribute('data-target')) === value)))
    drawTargetLine(value, Math.max(value * 1.25, 2))
  }
  if (kind === 'crash') {
    $('target-down').addEventListener('click', () => {
      if (!state.busy) setTarget(stepTarget(state.target, -1))
    })
    $('target-up').addEventListener('click', () => {
      if (!state.busy) setTarget(stepTarget(state.target, 1))
    })
    $('target').addEventListener('change', () => setTarget(parseFloat($<HTMLInputElement>('target').value)))
    $('presets').addEventListener('click', (e) => {
      const b = clicked(e, 'data-target')
      if (b && !state.busy) setTarget(Number(b.getAttribute('data-target')))
    })
  }

  // ---- slot --------------------------------------------------------------------------------------------------
  const randomSymbol = () => Math.floor(Math.random() * 6)

  function renderGrid(grid: number[][]) {
    for (let reel = 0; reel < 3; reel++) {
      const strip = $(`strip-${reel}`)
      strip.style.transition = 'none'
      strip.style.transform = 'none'
      strip.innerHTML = grid.map((row) => cell(theme, row[reel] ?? 0)).join('')
    }
    state.grid = grid
  }

  function initSlot() {
    renderGrid([
      [4, 5, 4],
      [2, 3, 1],
      [0, 2, 0],
    ])
    $('paytable').innerHTML = symbolsOf(theme)
      .map((s, i) => `<div>${svg(s)}<span>x${(LINE_PAYS[i] ?? 0) / 5}</span></div>`)
      .join('')
  }

  async function spin(outcome: Extract<Outcome, { kind: 'slot' }>) {
    $('lines').innerHTML = ''
    const prev = state.grid ?? outcome.grid
    let longest = 0
    for (let reel = 0; reel < 3; reel++) {
      const strip = $(`strip-${reel}`)
      const filler = 12 + reel * 5
      let html = outcome.grid.map((row) => cell(theme, row[reel] ?? 0)).join('')
      for (let i = 0; i < filler; i++) html += cell(theme, randomSymbol())
      html += prev.map((row) => cell(theme, row[reel] ?? 0)).join('')
      const total = filler + 6
      strip.style.transition = 'none'
      strip.innerHTML = html
      strip.style.transform = `translateY(${(-(filler + 3) / total) * 100}%)`
      void strip.offsetHeight
      const duration = reduceMotion ? 0.05 : 1.0 + reel * 0.35
      longest = Math.max(longest, duration)
      strip.style.transition = `transform ${duration}s cubic-bezier(.15,.85,.25,1)`
      strip.style.transform = 'translateY(0)'
    }
    await wait(longest * 1000 + 80)
    renderGrid(outcome.grid)
    $('lines').innerHTML = outcome.lines.map((l) => `<polyline points="${paylinePoints(l.line)}"/>`).join('')
    for (const l of outcome.lines) (PAYLINES[l.line] ?? []).forEach((row, reel) => $(`strip-${reel}`).children[row]?.classList.add('hit'))
  }

  // ---- crash -------------------------------------------------------------------------------------------------
  function drawTargetLine(target: number, top: number) {
    if (kind !== 'crash') return
    const y = String(yOf(target, top))
    svgEl('target-line').setAttribute('y1', y)
    svgEl('target-line').setAttribute('y2', y)
    svgEl('target-tag').setAttribute('y', String(Number(y) - 6))
    svgEl('target-tag').textContent = `${T.cashOutAt}${target.toFixed(2)}\u00d7`
  }

  function crashRun(outcome: CrashOutcome) {
    const box = $('crash')
    box.classList.remove('busted', 'cashed')
    const { peak, top, durationMs } = crashPlan(outcome, reduceMotion)
    drawTargetLine(outcome.target, top)
    const note = $('crash-note')
    note.innerHTML = `<span>${T.rising}</span>`
    const cashedBadge = `<span class="badge ok">${T.cashedAt}${outcome.target.toFixed(2)}\u00d7</span>`
    let cashedShown = false
    return new Promise<void>((resolve) => {
      const begin = performance.now()
      const points: string[] = []
      const frame = (now: number) => {
        const t = Math.min(1, (now - begin) / durationMs)
        const m = multiplierAt(t, peak)
        const x = 8 + t * (GRAPH.width - 24)
        const y = yOf(m, top)
        points.push(`${x.toFixed(1)},${y.toFixed(1)}`)
        const d = `M${points.join(' L')}`
        svgEl('crash-curve').setAttribute('d', d)
        svgEl('crash-area').setAttribute('d', `${d} L${x.toFixed(1)},${GRAPH.height} L8,${GRAPH.height} Z`)
        svgEl('crash-head').setAttribute('cx', String(x))
        svgEl('crash-head').setAttribute('cy', String(y))
        $('mult').textContent = `${m.toFixed(2)}\u00d7`
        if (outcome.cashed_out && !cashedShown && m >= outcome.target) {
          cashedShown = true
          box.classList.add('cashed')
          note.innerHTML = cashedBadge
        }
        if (t < 1) {
          requestAnimationFrame(frame)
          return
        }
        if (outcome.cashed_out) {
          box.classList.add('cashed')
          $('mult').textContent = `${outcome.target.toFixed(2)}\u00d7`
          note.innerHTML = `${cashedBadge}<span>${T.crashedAt}${outcome.crash.toFixed(2)}\u00d7</span>`
        } else {
          box.classList.add('busted')
          $('mult').textContent = `${outcome.crash.toFixed(2)}\u00d7`
          note.innerHTML = `<span class="badge bad">${T.crashedAt}${outcome.crash.toFixed(2)}\u00d7</span>`
        }
        resolve()
      }
      requestAnimationFrame(frame)
    })
  }

  // ---- card --------------------------------------------------------------------------------------------------
  async function deal(outcome: CardOutcome) {
    const sides: Side[] = ['dragon', 'tiger']
    for (const s of sides) {
      $(`card-${s}`).classList.remove('open')
      $(`side-${s}`).classList.remove('won')
    }
    await wait(350)
    for (const s of sides) {
      const f = cardFace(outcome[s])
      const el = $(`card-${s}`).querySelector('.face')
      if (el) {
        el.className = `face${f.red ? ' red' : ''}`
        el.innerHTML = f.html
      }
    }
    $('card-dragon').classList.add('open')
    await wait(650)
    $('card-tiger').classList.add('open')
    await wait(700)
    if (outcome.result === 'tie') {
      $('side-dragon').classList.add('won')
      $('side-tiger').classList.add('won')
    } else $(`side-${outcome.result}`).classList.add('won')
  }

  // ---- pick --------------------------------------------------------------------------------------------------
  function reveal(outcome: Extract<Outcome, { kind: 'pick' }>) {
    choices?.querySelectorAll('[data-pick]').forEach((b) => b.classList.remove('hit'))
    const sport = variant === 'sport'
    const el = sport ? $('score') : $('ball')
    let ticks = 0
    if (!sport) el.classList.add('rolling')
    return new Promise<void>((resolve) => {
      const timer = setInterval(() => {
        ticks++
        el.textContent = sport ? `${Math.floor(Math.random() * 4)} : ${Math.floor(Math.random() * 4)}` : String(Math.floor(Math.random() * 10))
        if (ticks < (reduceMotion ? 1 : 14)) return
        clearInterval(timer)
        el.classList.remove('rolling')
        el.textContent = sport && outcome.score ? `${outcome.score[0]} : ${outcome.score[1]}` : String(outcome.drawn)
        choices?.querySelector(`[data-pick="${outcome.drawn}"]`)?.classList.add('hit')
        resolve()
      }, 90)
    })
  }

  // ---- a round -----------------------------------------------------------------------------------------------
  function animate(outcome: Outcome): Promise<void> {
    switch (outcome.kind) {
      case 'slot':
        return spin(outcome)
      case 'crash':
        return crashRun(outcome)
      case 'card':
        return deal(outcome)
      case 'pick':
        return reveal(outcome)
    }
  }

  async function playRound() {
    const before = state.balance
    if (state.busy || before === null) return
    state.busy = true
    refreshPlay()
    body.classList.add('busy')
    setResult(T.playing, 'info')
    try {
      const res = await api('POST', '/round', roundBody(kind, state))
      if (!res.ok) {
        // A refused-for-speed round changed nothing, so there is no balance to reload.
        if (refused(res) && res.status !== 429) await loadState()
        return
      }
      const data = res.body.data as DemoRoundResult
      showBalance(balanceDuringRound(data, before), false)
      await animate(data.outcome)
      const line = roundMessage(data, english, money)
      setResult(line.text, line.cls)
      if (data.settled && data.balance !== null) showBalance(data.balance, data.win > 0)
      else {
        toast(say(res.body, T.winPending, english))
        setTimeout(() => void loadState(), 4000)
      }
    } catch {
      setResult(T.error, 'info')
    } finally {
      state.busy = false
      body.classList.remove('busy')
      refreshPlay()
    }
  }
  playBtn.addEventListener('click', () => void playRound())

  $('back').addEventListener('click', (e) => {
    // Opened by the lobby as a popup: close it and the lobby is right there.
    if (window.opener && !(window.opener as Window).closed) {
      e.preventDefault()
      window.close()
    }
  })

  if (kind === 'slot') initSlot()
  if (kind === 'crash') setTarget(2)
  void loadState()
}

const settings = readSettings((name) => document.body.getAttribute(name), document.documentElement.lang, location.pathname)
if (settings) start(settings)
