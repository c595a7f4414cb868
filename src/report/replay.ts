import { playGame, type GameEvent, type GameResult, type GameState, type PlayerIndex, type PlayGameOptions } from '../engine/index.js';
import { describeResult, narrate } from '../engine/narrate.js';
import { scenarioSvg } from '../scenarios/index.js';
import { esc } from './page.js';

/** Per warrior, what never changes during the game. */
interface ReplayWarrior {
  name: string;
  player: number;
  regiment: number;
  wounds: number;
  /** Base radius, inches. */
  r: number;
  kind: string;
}

/** The table after one step (an activation, a deployment or a round's end). */
interface ReplayFrame {
  label: string;
  round: number;
  vp: [number, number];
  /** The narration lines of this step. */
  lines: string[];
  /** Per warrior: x and y in tenths of an inch, wound markers, flags (1 on the table, 2 Broken!, 4 slain). */
  pos: number[];
}

export interface ReplayData {
  title: string;
  seed: string;
  players: [string, string];
  regiments: { name: string; player: number }[];
  warriors: ReplayWarrior[];
  frames: ReplayFrame[];
  result: string;
  /** The table as the scenario SVG draws it, and the same layout's numbers for placing warriors. */
  svg: string;
  layout: { margin: number; top: number; scale: number; height: number };
}

export interface RecordReplayOptions extends Omit<PlayGameOptions, 'observe'> {
  /** A heading for the page, e.g. the cell and game index. */
  title?: string;
}

/** scenarioSvg's layout: pixels per inch, the margin and the title band above the table. */
const SCALE = 12;
const MARGIN = 40;
const TITLE_BAND = 20;

function snapshot(s: Readonly<GameState>): number[] {
  const out: number[] = [];
  for (const w of s.warriors) {
    const flags = (w.status === 'table' ? 1 : 0) | (w.broken ? 2 : 0) | (w.status === 'slain' ? 4 : 0);
    out.push(Math.round(w.x * 10), Math.round(w.y * 10), w.markers, flags);
  }
  return out;
}

/**
 * Plays one game through the engine's own loop (playGame) with a listener,
 * and keeps the table at the end of every deployment, activation and round:
 * the same seed gives the same game as in the run.
 */
export function recordReplay(opts: RecordReplayOptions): { replay: ReplayData; result: GameResult } {
  let state: Readonly<GameState> | null = null;
  const frames: ReplayFrame[] = [];
  let lines: string[] = [];
  let label = 'Setup';
  let activations = 0;
  /** Closes the step so far: the table as it stands now is its end. */
  const flush = (): void => {
    if (state && lines.length > 0) frames.push({ label, round: state.round, vp: [state.vp[0], state.vp[1]], lines, pos: snapshot(state) });
    lines = [];
    activations = 0;
  };
  const step = (next: string): void => {
    flush();
    label = next;
  };
  const onEvent = (e: GameEvent): void => {
    opts.onEvent?.(e);
    const round = state?.round ?? 0;
    if (e.type === 'deployed') step(`Deployment: Player ${e.player + 1} deploys ${e.regiment}`);
    else if (e.type === 'roundStart') step(`Round ${e.round} begins`);
    else if (e.type === 'commandCard') step(`Round ${round}: Player ${e.player + 1} activates ${e.regiment}`);
    // The card's first warrior shares the card's step; each further warrior is a step of its own.
    else if (e.type === 'activate') {
      if (activations > 0) step(`Round ${round}: ${e.warrior} activates`);
      activations++;
    } else if (e.type === 'victoryPhase') step(`Round ${e.round} scored`);
    const line = narrate(e);
    if (line !== null && e.type !== 'gameEnd') lines.push(...line.split('\n').filter((l) => l.trim() !== '').map((l) => l.trimEnd()));
  };
  // The bots' reasons (balanced: charge ..., P(slain) 0.41) join the narration of their step.
  const onReason = (p: PlayerIndex, reason: string): void => {
    opts.onReason?.(p, reason);
    lines.push(`  ~ ${reason}`);
  };
  const result = playGame({ ...opts, onEvent, onReason, observe: (s) => (state = s) });
  step('Game over');
  lines.push(describeResult(result));
  flush();
  const s = state as Readonly<GameState> | null;
  if (!s) throw new Error('recordReplay: the engine never gave its state');
  const replay: ReplayData = {
    title: opts.title ?? `${s.armyNames[0]} against ${s.armyNames[1]} on ${s.scenario.name}`,
    seed: opts.seed,
    players: [s.armyNames[0], s.armyNames[1]],
    regiments: s.regiments.map((g) => ({ name: g.name, player: g.player })),
    warriors: s.warriors.map((w) => ({
      name: `${w.profile.name}#${w.id}`,
      player: w.player,
      regiment: w.regiment,
      wounds: w.profile.wounds,
      r: w.r,
      kind: w.kind,
    })),
    frames,
    result: describeResult(result),
    svg: scenarioSvg({ scenario: s.scenario, terrain: s.terrain, ruleset: s.ruleset, scale: SCALE }),
    layout: { margin: MARGIN, top: MARGIN + TITLE_BAND, scale: SCALE, height: s.table.height },
  };
  return { replay, result };
}

/** Runs in the page: draws the warriors of a frame over the table and wires the controls. */
const PLAYER_SCRIPT = `
const D = JSON.parse(document.getElementById('replay-data').textContent);
const NS = 'http://www.w3.org/2000/svg';
const svg = document.querySelector('#table svg');
const L = D.layout;
const PX = (x) => L.margin + x * L.scale;
const PY = (y) => L.top + (L.height - y) * L.scale;
const SHADES = [['#1f5fbf', '#4a90d9', '#0b3d7a', '#6aa9e8', '#2a4f8f', '#8fc1f5', '#123f66'], ['#c0392b', '#e67e22', '#8e1b10', '#e06666', '#a04000', '#f0a080', '#6e2c00']];
const regShade = [];
const perPlayer = [0, 0];
D.regiments.forEach((g, i) => { regShade[i] = SHADES[g.player][perPlayer[g.player]++ % 7]; });
const layer = document.createElementNS(NS, 'g');
layer.setAttribute('id', 'warriors');
svg.appendChild(layer);
const marks = D.warriors.map((w, i) => {
  const g = document.createElementNS(NS, 'g');
  g.setAttribute('class', 'warrior');
  g.setAttribute('data-id', String(i));
  const c = document.createElementNS(NS, 'circle');
  c.setAttribute('r', String(Math.max(w.r * L.scale, 3)));
  c.setAttribute('fill', regShade[w.regiment]);
  c.setAttribute('stroke', '#000');
  const t = document.createElementNS(NS, 'text');
  t.setAttribute('font-size', '8'); t.setAttribute('text-anchor', 'middle'); t.setAttribute('fill', '#fff'); t.setAttribute('dy', '3');
  t.textContent = w.kind === 'character' ? 'C' : '';
  const wound = document.createElementNS(NS, 'text');
  wound.setAttribute('font-size', '9'); wound.setAttribute('font-weight', 'bold'); wound.setAttribute('fill', '#000');
  const title = document.createElementNS(NS, 'title');
  g.append(c, t, wound, title);
  layer.appendChild(g);
  return { g, c, t, wound, title };
});
const slider = document.getElementById('step');
slider.max = String(D.frames.length - 1);
let at = 0;
function show(i) {
  at = Math.max(0, Math.min(D.frames.length - 1, i));
  const f = D.frames[at];
  D.warriors.forEach((w, k) => {
    const m = marks[k];
    const x = f.pos[4 * k] / 10, y = f.pos[4 * k + 1] / 10, wounds = f.pos[4 * k + 2], flags = f.pos[4 * k + 3];
    if (!(flags & 1)) { m.g.setAttribute('display', 'none'); return; }
    m.g.removeAttribute('display');
    m.c.setAttribute('cx', PX(x).toFixed(1)); m.c.setAttribute('cy', PY(y).toFixed(1));
    m.t.setAttribute('x', PX(x).toFixed(1)); m.t.setAttribute('y', PY(y).toFixed(1));
    const broken = (flags & 2) !== 0;
    m.c.setAttribute('stroke', broken ? '#f1c40f' : '#000');
    m.c.setAttribute('stroke-width', broken ? '3' : '1');
    m.c.setAttribute('stroke-dasharray', broken ? '3 2' : '');
    m.wound.setAttribute('x', (PX(x) + w.r * L.scale).toFixed(1)); m.wound.setAttribute('y', (PY(y) - w.r * L.scale).toFixed(1));
    m.wound.textContent = wounds > 0 ? String(wounds) : '';
    m.title.textContent = w.name + ' (' + D.regiments[w.regiment].name + '): ' + wounds + ' of ' + w.wounds + ' wounds' + (broken ? ', Broken!' : '');
  });
  slider.value = String(at);
  document.getElementById('label').textContent = 'Step ' + (at + 1) + ' of ' + D.frames.length + ': ' + f.label;
  document.getElementById('score').textContent = 'Round ' + f.round + ' · VP ' + D.players[0] + ' ' + f.vp[0] + ', ' + D.players[1] + ' ' + f.vp[1];
  document.getElementById('lines').textContent = f.lines.join('\\n');
  const counts = D.regiments.map(() => [0, 0, 0]);
  D.warriors.forEach((w, k) => { const fl = f.pos[4 * k + 3]; const c = counts[w.regiment]; if (fl & 4) c[2]++; else if (fl & 1) { c[0]++; if (fl & 2) c[1]++; } });
  document.querySelectorAll('#regiments li').forEach((li, r) => {
    const c = counts[r];
    li.querySelector('.count').textContent = c[0] + ' on the table' + (c[1] ? ', ' + c[1] + ' Broken!' : '') + (c[2] ? ', ' + c[2] + ' slain' : '');
  });
}
let timer = null;
function play() {
  if (timer) { clearInterval(timer); timer = null; document.getElementById('play').textContent = 'Play'; return; }
  document.getElementById('play').textContent = 'Pause';
  timer = setInterval(() => { if (at >= D.frames.length - 1) play(); else show(at + 1); }, 600);
}
document.getElementById('first').onclick = () => show(0);
document.getElementById('prev').onclick = () => show(at - 1);
document.getElementById('next').onclick = () => show(at + 1);
document.getElementById('last').onclick = () => show(D.frames.length - 1);
document.getElementById('play').onclick = play;
slider.oninput = () => show(Number(slider.value));
document.addEventListener('keydown', (e) => {
  if (e.target === slider) return;
  if (e.key === 'ArrowRight') show(at + 1);
  else if (e.key === 'ArrowLeft') show(at - 1);
  else if (e.key === 'Home') show(0);
  else if (e.key === 'End') show(D.frames.length - 1);
  else if (e.key === ' ') { play(); e.preventDefault(); } else return;
});
document.querySelectorAll('#regiments li .swatch').forEach((s, r) => { s.style.background = regShade[r]; });
show(0);
`;

const STYLE = `
body { font-family: sans-serif; margin: 16px; color: #222; }
h1 { font-size: 18px; margin: 0 0 4px; }
.meta { color: #555; font-size: 13px; margin: 0 0 8px; }
.wrap { display: flex; gap: 16px; align-items: flex-start; flex-wrap: wrap; }
#table svg { max-width: 100%; height: auto; border: 1px solid #ddd; }
#panel { flex: 1; min-width: 320px; max-width: 560px; }
#label { font-weight: bold; margin: 6px 0 2px; }
#score { font-size: 13px; color: #333; margin-bottom: 6px; }
#lines { background: #f7f7f7; border: 1px solid #ddd; padding: 6px; font-size: 12px; white-space: pre-wrap; min-height: 120px; max-height: 320px; overflow: auto; margin: 0; }
.controls { margin: 8px 0; display: flex; gap: 6px; align-items: center; }
.controls input[type=range] { flex: 1; }
#regiments { font-size: 12px; padding-left: 0; list-style: none; columns: 2; }
#regiments li { margin: 2px 0; break-inside: avoid; }
.swatch { display: inline-block; width: 10px; height: 10px; border: 1px solid #000; margin-right: 4px; border-radius: 50%; }
.key { font-size: 12px; color: #555; }
`;

/** One self-contained page: the table, the warriors at each step, the narration beside it, and the controls. */
export function replayHtml(d: ReplayData): string {
  const data = JSON.stringify(d).replace(/</g, '\\u003c');
  const regs = d.regiments
    .map((g) => `<li><span class="swatch"></span><b>P${g.player + 1}</b> ${esc(g.name)}: <span class="count"></span></li>`)
    .join('\n');
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Replay: ${esc(d.title)}</title>
<style>${STYLE}</style></head>
<body>
<h1>Replay: ${esc(d.title)}</h1>
<p class="meta">Seed ${esc(d.seed)} · Player 1 (blue, bottom edge): ${esc(d.players[0])} · Player 2 (red, top edge): ${esc(d.players[1])} · ${esc(d.result)}</p>
<div class="controls"><button id="first">|&lt; First</button><button id="prev">&lt; Back</button><button id="play">Play</button><button id="next">Next &gt;</button><button id="last">Last &gt;|</button>
<input id="step" type="range" min="0" value="0" aria-label="step"></div>
<p class="key">Keys: ← and → step, Home and End jump, space plays. A warrior is a disc in its regiment's shade (C marks a character); a yellow dashed ring is Broken!, the number beside it its wound markers.</p>
<div class="wrap">
<div id="table">${d.svg}</div>
<div id="panel"><div id="label"></div><div id="score"></div><pre id="lines"></pre>
<ul id="regiments">${regs}</ul></div>
</div>
<script type="application/json" id="replay-data">${data}</script>
<script>${PLAYER_SCRIPT}</script>
</body></html>
`;
}
