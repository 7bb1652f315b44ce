import { createHash } from 'node:crypto'
import { SCRIPT_TEXTS } from './demo-texts.ts'

/**
 * The game page's script, served as a file (GET /play/assets/demo-game.js) because the CSP blocks inline script.
 * Plain ES2017 for any phone browser; it reads its settings from the page's data-* attributes and the token from
 * the URL path, and talks only to /play/<token>/state and /play/<token>/round. The server decides every outcome:
 * the animations only replay the answer.
 *
 * Its words come from demo-texts.ts (put in for the TEXTS placeholder): Thai, or English when the page's <html lang>
 * is "en". Kept free of backticks and dollar-brace so it can live in this template string unchanged.
 */
const SOURCE = String.raw`(function () {
  'use strict';
  var body = document.body;
  var kind = body.getAttribute('data-kind');
  if (!kind) return;
  var TEXTS = __TEXTS__;
  var english = document.documentElement.lang === 'en';
  /** Thai letters (the baht sign, used in both languages, is not one). */
  var THAI = /[\u0E01-\u0E3A\u0E40-\u0E5B]/;
  var T = english ? TEXTS.en : TEXTS.th;
  var theme = body.getAttribute('data-theme') || 'fruit';
  var variant = body.getAttribute('data-variant') || '';
  var bets = (body.getAttribute('data-bets') || '').split(',').map(Number);
  var game = body.getAttribute('data-game') || '';
  var token = location.pathname.split('/')[2] || '';
  var base = '/play/' + token;
  var params = [];
  if (game) params.push('game=' + encodeURIComponent(game));
  // The language goes along so the provider answers in it (its own messages are keyed by id, demo-texts.ts).
  if (english) params.push('lang=en');
  var query = params.length ? '?' + params.join('&') : '';
  var reduceMotion = window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

  function $(id) { return document.getElementById(id); }
  var fmt = new Intl.NumberFormat(T.locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  function money(n) { return '\u0e3f' + fmt.format(n); }
  function wait(ms) { return new Promise(function (resolve) { setTimeout(resolve, reduceMotion ? Math.min(ms, 60) : ms); }); }

  var state = { bet: bets[2] || bets[0], target: 2, pick: kind === 'card' ? 'dragon' : 0, balance: null, busy: false, cooling: false, grid: null };

  // ---- symbols (SVG, 64 x 64) -------------------------------------------------------------------------------
  function fish(c, tail, stripes) {
    return '<path d="M44 32l16-13v26z" fill="' + tail + '"/><ellipse cx="27" cy="32" rx="21" ry="14" fill="' + c + '"/>' +
      (stripes ? '<path d="M22 19c4 5 4 21 0 26M34 19c3 5 3 21 0 26" stroke="#fff" stroke-width="4" fill="none"/>' : '<path d="M22 20c5 4 5 20 0 24" stroke="' + tail + '" stroke-width="3" fill="none"/>') +
      '<circle cx="14" cy="29" r="4" fill="#fff"/><circle cx="13" cy="29" r="2" fill="#111"/><ellipse cx="27" cy="25" rx="10" ry="3" fill="#fff" opacity=".3"/>';
  }
  function gem(c, l) {
    return '<path d="M18 10h28l12 14-26 32L6 24z" fill="' + c + '"/><path d="M6 24h52M18 10l6 14 8-14 8 14 6-14M24 24l8 32 8-32" stroke="' + l + '" stroke-width="1.6" fill="none" opacity=".85"/><path d="M18 10h28l-6 14H24z" fill="#fff" opacity=".28"/>';
  }
  var SYMBOLS = {
    fruit: [
      '<path d="M24 38C26 26 34 16 46 11M42 41C41 30 42 20 46 11" fill="none" stroke="#5b8c1a" stroke-width="3" stroke-linecap="round"/><path d="M46 11c5-4 11-3 14 1-5 4-10 4-14-1z" fill="#7cc242"/><circle cx="22" cy="44" r="12" fill="#e11d48"/><circle cx="43" cy="46" r="12" fill="#f43f5e"/><circle cx="18" cy="39" r="3.5" fill="#fff" opacity=".55"/><circle cx="39" cy="41" r="3.5" fill="#fff" opacity=".55"/>',
      '<path d="M4 35c3-2 5-4 7-7 9-12 33-12 42 0 2 3 4 5 7 7-3 2-5 4-7 7-9 12-33 12-42 0-2-3-4-5-7-7z" fill="#facc15" stroke="#ca8a04" stroke-width="2" stroke-linejoin="round"/><ellipse cx="26" cy="28" rx="10" ry="4" fill="#fff" opacity=".5"/><path d="M31 20c2-6 8-9 13-8-2 5-8 8-13 8z" fill="#65a30d"/>',
      '<path d="M32 8c-11 0-17 9-17 20v10l-6 8h46l-6-8V28c0-11-6-20-17-20z" fill="#fbbf24" stroke="#b45309" stroke-width="2"/><circle cx="32" cy="51" r="6" fill="#b45309"/><rect x="29" y="4" width="6" height="6" rx="3" fill="#b45309"/><path d="M22 22c1-5 4-8 8-9" stroke="#fff" stroke-width="3" stroke-linecap="round" opacity=".6" fill="none"/>',
      '<g transform="translate(0 8)"><path d="M6 24a26 26 0 0 0 52 0z" fill="#15803d"/><path d="M10 24a22 22 0 0 0 44 0z" fill="#f1f5f9"/><path d="M13 24a19 19 0 0 0 38 0z" fill="#ef4444"/><g fill="#111"><ellipse cx="24" cy="31" rx="1.6" ry="2.6"/><ellipse cx="32" cy="36" rx="1.6" ry="2.6"/><ellipse cx="40" cy="31" rx="1.6" ry="2.6"/><ellipse cx="28" cy="28" rx="1.4" ry="2.2"/><ellipse cx="36" cy="28" rx="1.4" ry="2.2"/></g></g>',
      '<path d="M32 5l8.2 16.6 18.3 2.7-13.2 12.9 3.1 18.2L32 46.8l-16.4 8.6 3.1-18.2L5.5 24.3l18.3-2.7z" fill="#fde047" stroke="#ca8a04" stroke-width="2.5" stroke-linejoin="round"/><path d="M30 15l-3 7" stroke="#fff" stroke-width="3" stroke-linecap="round" opacity=".6"/>',
      '<path d="M12 9h40v10L33 57H19l19-37H12z" fill="#ef4444" stroke="#7f1d1d" stroke-width="3" stroke-linejoin="round"/><path d="M16 13h30" stroke="#fff" stroke-width="3" opacity=".45" stroke-linecap="round"/>'
    ],
    ocean: [
      fish('#38bdf8', '#0284c7', false),
      fish('#fb923c', '#ea580c', true),
      '<g fill="#ef4444"><ellipse cx="32" cy="38" rx="18" ry="12"/><circle cx="12" cy="20" r="7"/><circle cx="52" cy="20" r="7"/></g><path d="M16 26l6 8M48 26l-6 8M14 42l-8 6M14 46l-6 10M50 42l8 6M50 46l6 10" stroke="#ef4444" stroke-width="3.5" stroke-linecap="round"/><path d="M8 16l5 5M56 16l-5 5" stroke="#7f1d1d" stroke-width="3" stroke-linecap="round"/><circle cx="26" cy="30" r="3.2" fill="#fff"/><circle cx="38" cy="30" r="3.2" fill="#fff"/><circle cx="26" cy="30" r="1.6" fill="#111"/><circle cx="38" cy="30" r="1.6" fill="#111"/>',
      '<path d="M14 30a18 18 0 0 1 36 0v6H14z" fill="#a855f7"/><path d="M16 34c-2 10-8 14-10 20M24 36c0 10-4 14-6 20M32 36v20M40 36c0 10 4 14 6 20M48 34c2 10 8 14 10 20" stroke="#a855f7" stroke-width="5" stroke-linecap="round" fill="none"/><circle cx="25" cy="26" r="4" fill="#fff"/><circle cx="39" cy="26" r="4" fill="#fff"/><circle cx="25" cy="27" r="2" fill="#111"/><circle cx="39" cy="27" r="2" fill="#111"/>',
      '<g fill="#65a30d"><ellipse cx="14" cy="20" rx="7" ry="4" transform="rotate(-35 14 20)"/><ellipse cx="50" cy="20" rx="7" ry="4" transform="rotate(35 50 20)"/><ellipse cx="14" cy="48" rx="7" ry="4" transform="rotate(35 14 48)"/><ellipse cx="50" cy="48" rx="7" ry="4" transform="rotate(-35 50 48)"/><circle cx="32" cy="10" r="6"/></g><ellipse cx="32" cy="34" rx="18" ry="20" fill="#15803d" stroke="#a3e635" stroke-width="2"/><path d="M32 21l8 7-3 10H27l-3-10z" stroke="#a3e635" stroke-width="2" fill="#166534"/>',
      '<path d="M4 36c10-12 26-16 40-12l6-14 4 16 8-8-2 14 2 12-8-6c-14 10-34 10-50-2z" fill="#facc15" stroke="#a16207" stroke-width="2" stroke-linejoin="round"/><circle cx="16" cy="33" r="2.6" fill="#111"/><path d="M9 40l4-2 3 3 3-3 3 3 3-3" stroke="#fff" stroke-width="1.8" fill="none"/><path d="M26 26c6-2 12-2 16 0" stroke="#fff" stroke-width="2.5" stroke-linecap="round" opacity=".5" fill="none"/>'
    ],
    gems: [
      gem('#22c55e', '#bbf7d0'),
      gem('#3b82f6', '#bfdbfe'),
      gem('#a855f7', '#e9d5ff'),
      gem('#ef4444', '#fecaca'),
      '<path d="M8 46l-2-28 14 12 12-18 12 18 14-12-2 28z" fill="#fbbf24" stroke="#a16207" stroke-width="2.5" stroke-linejoin="round"/><rect x="8" y="46" width="48" height="8" rx="2" fill="#f59e0b" stroke="#a16207" stroke-width="2.5"/><circle cx="32" cy="36" r="4" fill="#ef4444"/><circle cx="19" cy="40" r="3" fill="#3b82f6"/><circle cx="45" cy="40" r="3" fill="#22c55e"/>',
      '<circle cx="32" cy="32" r="26" fill="#fbbf24" stroke="#a16207" stroke-width="3"/><circle cx="32" cy="32" r="20" fill="none" stroke="#fde68a" stroke-width="2"/><path d="M37 18v20c0 6-4 9-9 9-4 0-7-2-8-5l5-2c1 1 2 2 3 2 2 0 3-1 3-4V18z" fill="#7c2d12"/>'
    ]
  };
  var LINE_PAYS = [8, 12, 30, 45, 250, 1600];
  var PAYLINES = [[0, 0, 0], [1, 1, 1], [2, 2, 2], [0, 1, 2], [2, 1, 0]];
  function svg(inner) { return '<svg viewBox="0 0 64 64" aria-hidden="true">' + inner + '</svg>'; }
  function cell(symbol) { return '<div class="cell">' + svg(SYMBOLS[theme][symbol] || SYMBOLS.fruit[symbol]) + '</div>'; }
  function randomSymbol() { return Math.floor(Math.random() * 6); }

  // ---- shared UI ----------------------------------------------------------------------------------------------
  var balanceEl = $('balance');
  var resultEl = $('result');
  var playBtn = $('play');
  var toastTimer = null;
  var coolTimer = null;

  function showBalance(value, up) {
    var from = state.balance;
    state.balance = value;
    var wallet = $('wallet');
    if (up) { wallet.classList.add('up'); setTimeout(function () { wallet.classList.remove('up'); }, 1200); }
    if (from === null || reduceMotion || from === value) { balanceEl.textContent = money(value); return; }
    var start = performance.now();
    function frame(now) {
      var t = Math.min(1, (now - start) / 600);
      var eased = 1 - Math.pow(1 - t, 3);
      balanceEl.textContent = money(from + (value - from) * eased);
      if (t < 1) requestAnimationFrame(frame); else balanceEl.textContent = money(value);
    }
    requestAnimationFrame(frame);
  }
  function setResult(text, cls, hint) {
    resultEl.className = 'result' + (cls ? ' ' + cls : '');
    resultEl.textContent = text;
    if (hint) {
      var small = document.createElement('small');
      small.textContent = hint;
      resultEl.appendChild(small);
    }
  }
  function toast(text) {
    var el = $('toast');
    el.textContent = text;
    el.hidden = false;
    clearTimeout(toastTimer);
    toastTimer = setTimeout(function () { el.hidden = true; }, 4000);
  }
  function overlay(title, text) {
    $('overlay-title').textContent = title;
    $('overlay-text').textContent = text;
    $('overlay').hidden = false;
    playBtn.disabled = true;
  }
  function refreshPlay() { playBtn.disabled = state.busy || state.cooling || state.balance === null; }
  /** Too many rounds too fast: the button rests until the server's Retry-After has passed. */
  function coolDown(seconds) {
    state.cooling = true;
    clearTimeout(coolTimer);
    coolTimer = setTimeout(function () { state.cooling = false; refreshPlay(); }, Math.max(1, seconds || 1) * 1000);
  }

  function api(method, path, payload) {
    var controller = window.AbortController ? new AbortController() : null;
    var timer = controller ? setTimeout(function () { controller.abort(); }, 20000) : null;
    var init = { method: method, headers: { accept: 'application/json' }, credentials: 'same-origin', cache: 'no-store' };
    if (controller) init.signal = controller.signal;
    if (payload !== undefined) { init.headers['content-type'] = 'application/json'; init.body = JSON.stringify(payload); }
    return fetch(base + path + query, init).then(function (res) {
      var retryAfter = Number(res.headers.get('retry-after')) || 0;
      return res.json().catch(function () { return {}; }).then(function (json) { clearTimeout(timer); return { status: res.status, ok: res.ok, retryAfter: retryAfter, body: json }; });
    }, function () { clearTimeout(timer); return { status: 0, ok: false, body: { message: T.connection } }; });
  }

  /**
   * The answer's message in the page's language. The provider's own messages come in it already; a Thai text it did
   * not write (a field check, a code's default) is translated by the field that failed or by the code.
   */
  function say(body, fallback) {
    var message = body && body.message;
    if (!english || !message || !THAI.test(message)) return message || fallback;
    var field = body.errors && body.errors[0] && body.errors[0].path;
    return (field && TEXTS.enFields[field]) || TEXTS.enCodes[body.code] || fallback;
  }

  /** Shows a refusal; true when the page can go on. */
  function refused(res) {
    var message = say(res.body, T.error);
    if (res.status === 401) { overlay(T.expired, message); return false; }
    if (res.status === 403) { overlay(T.blocked, message); return false; }
    if (res.status === 404) { overlay(T.notFound, message); return false; }
    if (res.body && res.body.code === 'INSUFFICIENT_FUNDS') {
      setResult(message, 'lose', T.deposit);
      return true;
    }
    if (res.status === 429) {
      // Not an alarm: the round was not played and nothing was taken; a moment's wait is all it needs.
      setResult(message, 'info', T.slowDown);
      coolDown(res.retryAfter);
      return true;
    }
    setResult(message, 'info');
    toast(message);
    return true;
  }

  function loadState() {
    return api('GET', '/state').then(function (res) {
      if (!res.ok) { balanceEl.textContent = '-'; refused(res); return; }
      showBalance(res.body.data.balance, false);
      refreshPlay();
    });
  }

  // ---- bet size and choices ------------------------------------------------------------------------------------
  function pressOnly(container, selector, el) {
    Array.prototype.forEach.call(container.querySelectorAll(selector), function (b) { b.setAttribute('aria-pressed', String(b === el)); });
  }
  $('chips').addEventListener('click', function (e) {
    var chip = e.target.closest('[data-bet]');
    if (!chip || state.busy) return;
    state.bet = Number(chip.getAttribute('data-bet'));
    pressOnly($('chips'), '[data-bet]', chip);
    $('bet-label').textContent = '\u0e3f' + state.bet;
  });
  var choices = $('choices');
  if (choices) {
    choices.addEventListener('click', function (e) {
      var b = e.target.closest('[data-pick]');
      if (!b || state.busy) return;
      var value = b.getAttribute('data-pick');
      state.pick = kind === 'card' ? value : Number(value);
      pressOnly(choices, '[data-pick]', b);
      if ($('pick-label')) $('pick-label').textContent = value;
    });
  }
  function setTarget(value) {
    if (!isFinite(value)) value = 2;
    value = Math.min(100, Math.max(1.01, Math.round(value * 100) / 100));
    state.target = value;
    $('target').value = value.toFixed(2);
    $('target-label').textContent = value.toFixed(2) + '\u00d7';
    Array.prototype.forEach.call($('presets').querySelectorAll('[data-target]'), function (b) {
      b.setAttribute('aria-pressed', String(Number(b.getAttribute('data-target')) === value));
    });
    drawTargetLine(value, Math.max(value * 1.25, 2));
  }
  if (kind === 'crash') {
    var step = function (v, dir) { var s = v < 3 ? 0.1 : v < 10 ? 0.5 : 1; return v + dir * s; };
    $('target-down').addEventListener('click', function () { if (!state.busy) setTarget(step(state.target, -1)); });
    $('target-up').addEventListener('click', function () { if (!state.busy) setTarget(step(state.target, 1)); });
    $('target').addEventListener('change', function () { setTarget(parseFloat($('target').value)); });
    $('presets').addEventListener('click', function (e) {
      var b = e.target.closest('[data-target]');
      if (b && !state.busy) setTarget(Number(b.getAttribute('data-target')));
    });
  }

  // ---- slot ----------------------------------------------------------------------------------------------------
  function renderGrid(grid) {
    for (var reel = 0; reel < 3; reel++) {
      var strip = $('strip-' + reel);
      strip.style.transition = 'none';
      strip.style.transform = 'none';
      strip.innerHTML = cell(grid[0][reel]) + cell(grid[1][reel]) + cell(grid[2][reel]);
    }
    state.grid = grid;
  }
  function initSlot() {
    renderGrid([[4, 5, 4], [2, 3, 1], [0, 2, 0]].map(function (row) { return row.slice(); }));
    $('paytable').innerHTML = SYMBOLS[theme].map(function (s, i) {
      return '<div>' + svg(s) + '<span>x' + (LINE_PAYS[i] / 5) + '</span></div>';
    }).join('');
  }
  function spin(outcome) {
    $('lines').innerHTML = '';
    var prev = state.grid;
    var longest = 0;
    for (var reel = 0; reel < 3; reel++) {
      var strip = $('strip-' + reel);
      var filler = 12 + reel * 5;
      var html = cell(outcome.grid[0][reel]) + cell(outcome.grid[1][reel]) + cell(outcome.grid[2][reel]);
      for (var i = 0; i < filler; i++) html += cell(randomSymbol());
      html += cell(prev[0][reel]) + cell(prev[1][reel]) + cell(prev[2][reel]);
      var total = filler + 6;
      strip.style.transition = 'none';
      strip.innerHTML = html;
      strip.style.transform = 'translateY(' + (-(filler + 3) / total * 100) + '%)';
      void strip.offsetHeight;
      var duration = reduceMotion ? 0.05 : 1.0 + reel * 0.35;
      longest = Math.max(longest, duration);
      strip.style.transition = 'transform ' + duration + 's cubic-bezier(.15,.85,.25,1)';
      strip.style.transform = 'translateY(0)';
    }
    return wait(longest * 1000 + 80).then(function () {
      renderGrid(outcome.grid);
      var lines = '';
      outcome.lines.forEach(function (l) {
        var rows = PAYLINES[l.line];
        lines += '<polyline points="' + rows.map(function (row, reel) { return (reel * 100 + 50) + ',' + (row * 100 + 50); }).join(' ') + '"/>';
        rows.forEach(function (row, reel) { $('strip-' + reel).children[row].classList.add('hit'); });
      });
      $('lines').innerHTML = lines;
    });
  }

  // ---- crash ---------------------------------------------------------------------------------------------------
  var W = 320, H = 150;
  function yOf(m, top) { return H - 16 - (Math.log(m) / Math.log(top)) * (H - 30); }
  function drawTargetLine(target, top) {
    if (kind !== 'crash') return;
    var y = yOf(target, top);
    $('target-line').setAttribute('y1', y);
    $('target-line').setAttribute('y2', y);
    $('target-tag').setAttribute('y', y - 6);
    $('target-tag').textContent = T.cashOutAt + target.toFixed(2) + '\u00d7';
  }
  function crashRun(outcome) {
    var box = $('crash');
    box.classList.remove('busted', 'cashed');
    var peak = outcome.cashed_out ? Math.min(outcome.crash, Math.max(outcome.target * 1.5, outcome.target + 1), 120) : outcome.crash;
    var top = Math.max(peak, outcome.target) * 1.2;
    if (top < 2) top = 2;
    drawTargetLine(outcome.target, top);
    var duration = reduceMotion ? 60 : Math.min(6000, 1300 + Math.log(peak) * 1500);
    var rate = Math.log(peak);
    var note = $('crash-note');
    note.innerHTML = '<span>' + T.rising + '</span>';
    var cashedShown = false;
    return new Promise(function (resolve) {
      var start = performance.now();
      var points = [];
      function frame(now) {
        var t = Math.min(1, (now - start) / duration);
        var m = Math.exp(rate * t);
        var x = 8 + t * (W - 24);
        var y = yOf(m, top);
        points.push(x.toFixed(1) + ',' + y.toFixed(1));
        var d = 'M' + points.join(' L');
        $('crash-curve').setAttribute('d', d);
        $('crash-area').setAttribute('d', d + ' L' + x.toFixed(1) + ',' + H + ' L8,' + H + ' Z');
        $('crash-head').setAttribute('cx', x);
        $('crash-head').setAttribute('cy', y);
        $('mult').textContent = m.toFixed(2) + '\u00d7';
        if (outcome.cashed_out && !cashedShown && m >= outcome.target) {
          cashedShown = true;
          box.classList.add('cashed');
          note.innerHTML = '<span class="badge ok">' + T.cashedAt + outcome.target.toFixed(2) + '\u00d7</span>';
        }
        if (t < 1) { requestAnimationFrame(frame); return; }
        if (outcome.cashed_out) {
          box.classList.add('cashed');
          $('mult').textContent = outcome.target.toFixed(2) + '\u00d7';
          note.innerHTML = '<span class="badge ok">' + T.cashedAt + outcome.target.toFixed(2) + '\u00d7</span><span>' + T.crashedAt + outcome.crash.toFixed(2) + '\u00d7</span>';
        } else {
          box.classList.add('busted');
          $('mult').textContent = outcome.crash.toFixed(2) + '\u00d7';
          note.innerHTML = '<span class="badge bad">' + T.crashedAt + outcome.crash.toFixed(2) + '\u00d7</span>';
        }
        resolve();
      }
      requestAnimationFrame(frame);
    });
  }

  // ---- card ----------------------------------------------------------------------------------------------------
  var RANKS = ['', 'A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
  var SUITS = { spades: '\u2660', hearts: '\u2665', diamonds: '\u2666', clubs: '\u2663' };
  function face(card) {
    var red = card.suit === 'hearts' || card.suit === 'diamonds';
    var corner = RANKS[card.rank] + '<br>' + SUITS[card.suit];
    return { red: red, html: '<span class="corner">' + corner + '</span><span class="pip">' + SUITS[card.suit] + '</span><span class="corner br">' + corner + '</span>' };
  }
  function deal(outcome) {
    var sides = ['dragon', 'tiger'];
    sides.forEach(function (s) { $('card-' + s).classList.remove('open'); $('side-' + s).classList.remove('won'); });
    return wait(350).then(function () {
      sides.forEach(function (s) {
        var f = face(outcome[s]);
        var el = $('card-' + s).querySelector('.face');
        el.className = 'face' + (f.red ? ' red' : '');
        el.innerHTML = f.html;
      });
      $('card-dragon').classList.add('open');
      return wait(650);
    }).then(function () {
      $('card-tiger').classList.add('open');
      return wait(700);
    }).then(function () {
      if (outcome.result === 'tie') { $('side-dragon').classList.add('won'); $('side-tiger').classList.add('won'); }
      else $('side-' + outcome.result).classList.add('won');
    });
  }

  // ---- pick ----------------------------------------------------------------------------------------------------
  function reveal(outcome) {
    Array.prototype.forEach.call(choices.querySelectorAll('[data-pick]'), function (b) { b.classList.remove('hit'); });
    var el = variant === 'sport' ? $('score') : $('ball');
    var ticks = 0;
    if (variant !== 'sport') el.classList.add('rolling');
    return new Promise(function (resolve) {
      var timer = setInterval(function () {
        ticks++;
        el.textContent = variant === 'sport' ? Math.floor(Math.random() * 4) + ' : ' + Math.floor(Math.random() * 4) : String(Math.floor(Math.random() * 10));
        if (ticks >= (reduceMotion ? 1 : 14)) {
          clearInterval(timer);
          el.classList.remove('rolling');
          el.textContent = variant === 'sport' ? outcome.score[0] + ' : ' + outcome.score[1] : String(outcome.drawn);
          var hit = choices.querySelector('[data-pick="' + outcome.drawn + '"]');
          if (hit) hit.classList.add('hit');
          resolve();
        }
      }, 90);
    });
  }

  // ---- a round -------------------------------------------------------------------------------------------------
  function animate(outcome) {
    if (outcome.kind === 'slot') return spin(outcome);
    if (outcome.kind === 'crash') return crashRun(outcome);
    if (outcome.kind === 'card') return deal(outcome);
    return reveal(outcome);
  }
  function play() {
    if (state.busy || state.balance === null) return;
    state.busy = true;
    refreshPlay();
    body.classList.add('busy');
    setResult(T.playing, 'info');
    var payload = { bet: state.bet };
    if (kind === 'crash') payload.target = state.target;
    if (kind === 'card' || kind === 'pick') payload.pick = state.pick;
    var before = state.balance;
    api('POST', '/round', payload).then(function (res) {
      if (!res.ok) {
        var goOn = refused(res);
        // A refused-for-speed round changed nothing, so there is no balance to reload.
        if (goOn && res.status !== 429) return loadState();
        return undefined;
      }
      var data = res.body.data;
      // The bet is taken first; the win lands when the animation ends.
      showBalance(data.settled ? data.balance - data.win : before - data.bet, false);
      return animate(data.outcome).then(function () {
        if (data.win > 0 && data.outcome.kind === 'card' && data.outcome.result === 'tie') setResult(T.tie + money(data.win), 'info');
        else if (data.win > 0) setResult(T.won + money(data.win), 'win');
        else setResult(T.lose[data.outcome.kind], 'lose');
        if (data.settled) showBalance(data.balance, data.win > 0);
        else {
          toast(say(res.body, T.winPending));
          setTimeout(loadState, 4000);
        }
      });
    }).then(function () {
      state.busy = false;
      body.classList.remove('busy');
      refreshPlay();
    }, function () {
      state.busy = false;
      body.classList.remove('busy');
      setResult(T.error, 'info');
      refreshPlay();
    });
  }
  playBtn.addEventListener('click', play);

  $('back').addEventListener('click', function (e) {
    // Opened by the lobby as a popup: close it and the lobby is right there.
    if (window.opener && !window.opener.closed) { e.preventDefault(); window.close(); }
  });

  if (kind === 'slot') initSlot();
  if (kind === 'crash') setTarget(2);
  loadState();
})();
`

/** The script as served, its words in place. */
export const DEMO_GAME_SCRIPT = SOURCE.replace('__TEXTS__', () => JSON.stringify(SCRIPT_TEXTS))

export const DEMO_GAME_SCRIPT_PATH = '/play/assets/demo-game.js'
/** Strong validator for the script: changes whenever the text does. */
export const DEMO_GAME_SCRIPT_ETAG = `"${createHash('sha256').update(DEMO_GAME_SCRIPT).digest('base64url').slice(0, 22)}"`
