import { playGame, type Decision, type GameEvent, type GameResult, type GameState, type PlayerIndex, type PlayGameOptions, type Policy } from '../engine/index.js';
import { describeResult, narrate } from '../engine/narrate.js';
import { baseRadius, scenarioSvg } from '../scenarios/index.js';
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

/** A move drawn in its step: the warrior, then x, y pairs in tenths of an inch (from, the turns of its path, to). */
export interface ReplayPath {
  w: number;
  pts: number[];
  /** 'move' (March, Charge, Reposition, entry) or 'driven' (Driven Back, R12). */
  kind: 'move' | 'driven';
}

/** The table at the end of one step (a deployment, a round's start, an activation, a Victory Phase, the end). */
export interface ReplayFrame {
  label: string;
  round: number;
  vp: [number, number];
  /** The narration lines of this step. */
  lines: string[];
  /** Per warrior: x and y in tenths of an inch, wound markers, flags (1 on the table, 2 Broken!, 4 slain). */
  pos: number[];
  /** Per objective marker: x and y in tenths of an inch, wounds dealt it (both players), 1 when destroyed, who seized it at the last Victory Phase (0, 1 or -1). */
  markers: number[];
  /** Who seized each objective zone at the last Victory Phase: 0, 1 or -1 (nobody), in scenario order. */
  zones: number[];
  /** Who controls each capture point: 0, 1 or -1. */
  points: number[];
  /** The warrior acting in this step (its activation), or -1. */
  actor: number;
  /** Warriors the step's attacks and Charges aimed at, and markers attacked (indices). */
  targets: number[];
  markerTargets: number[];
  /** Moves in this step, in order. */
  paths: ReplayPath[];
  /** Events of the game up to the end of this step (a count: the step's events are those after the previous frame's). */
  events: number;
}

export interface ReplayData {
  title: string;
  seed: string;
  players: [string, string];
  regiments: { name: string; player: number }[];
  warriors: ReplayWarrior[];
  /** Objective markers, capture points and zones of the scenario, for drawing. */
  markers: { id: string; label: string; friendlyTo: number; r: number; standard: boolean; seized: boolean }[];
  points: { id: string; label: string; x: number; y: number; r: number }[];
  zones: { id: string; label: string; x: number; y: number; radius: number }[];
  frames: ReplayFrame[];
  result: string;
  /** The `skirmish play ...` command that plays this game again, or why there is none. */
  command?: { text: string } | { none: string };
  /** The table as the scenario SVG draws it (without markers and points: the steps draw them), and its layout for placing things. */
  svg: string;
  layout: { margin: number; top: number; scale: number; height: number };
}

export interface RecordReplayOptions extends Omit<PlayGameOptions, 'observe'> {
  /** A heading for the page, e.g. the cell and game index. */
  title?: string;
  /** The `skirmish play ...` command that plays this game again (playCommand), or why there is none. */
  command?: ReplayData['command'];
}

/** A command as the shell reads it: each word quoted unless it is plain. */
export const commandLine = (words: string[]): string => words.map((w) => (/^[\w@%+=:,./-]+$/.test(w) ? w : `'${w.replace(/'/g, `'\\''`)}'`)).join(' ');

/** scenarioSvg's layout: pixels per inch, the margin and the title band above the table. */
const SCALE = 12;
const MARGIN = 40;
const TITLE_BAND = 20;

const tenth = (x: number): number => Math.round(x * 10);
const side = (f: PlayerIndex | null): number => (f === null ? -1 : f);

/** The board as it stands: what a frame shows. */
interface Board {
  round: number;
  vp: [number, number];
  pos: number[];
  markers: number[];
  zones: number[];
  points: number[];
}

function board(s: Readonly<GameState>): Board {
  const pos: number[] = [];
  for (const w of s.warriors) {
    const flags = (w.status === 'table' ? 1 : 0) | (w.broken ? 2 : 0) | (w.status === 'slain' ? 4 : 0);
    pos.push(tenth(w.x), tenth(w.y), w.markers, flags);
  }
  const markers: number[] = [];
  for (const m of s.scenarioState.markers) markers.push(tenth(m.x), tenth(m.y), m.damage[0] + m.damage[1], m.destroyed ? 1 : 0, side(m.seizedBy ?? null));
  return {
    round: s.round,
    vp: [s.vp[0], s.vp[1]],
    pos,
    markers,
    zones: s.scenarioState.zoneSeizedBy.map(side),
    points: s.scenarioState.capturePoints.map((p) => side(p.controlledBy)),
  };
}

/** "P1 Spearmen#12" → 12. */
const warriorIndex = (label: string): number => {
  const m = /#(\d+)$/.exec(label);
  return m ? Number(m[1]) : -1;
};

/**
 * Turns the engine's event stream into steps. Events come after the engine
 * changed the state, so a step that an event opens (a deployment, a round, an
 * activation, a Victory Phase) must not show that change in the step before:
 * each step ends with the board as it stood at its own last event.
 */
export class ReplayRecorder {
  readonly frames: ReplayFrame[] = [];
  private events = 0;
  private label = 'Setup';
  private lines: string[] = [];
  private activations = 0;
  private actor = -1;
  private targets: number[] = [];
  private markerTargets: number[] = [];
  private paths: ReplayPath[] = [];
  /** The board at the last event seen (the end of the step so far). */
  private last: Board | null = null;
  private markerIds: string[] = [];
  /**
   * Reasons for a decision whose action opens a step of its own (a
   * deployment, a Command Card, a further warrior): they wait for that
   * action's first event, which opens the step they belong to.
   */
  private pending: string[] = [];
  private opensStep = false;

  constructor(private readonly state: () => Readonly<GameState> | null) {}

  private close(): void {
    const b = this.last;
    if (b && (this.lines.length > 0 || this.frames.length === 0)) {
      this.frames.push({
        label: this.label,
        ...b,
        lines: this.lines,
        actor: this.actor,
        targets: this.targets,
        markerTargets: this.markerTargets,
        paths: this.paths,
        events: this.events,
      });
    }
    this.lines = [];
    this.activations = 0;
    this.actor = -1;
    this.targets = [];
    this.markerTargets = [];
    this.paths = [];
  }

  private open(label: string): void {
    this.close();
    this.label = label;
  }

  /** The engine gave its state (before any decision): the table as it is set up. */
  started(): void {
    const s = this.state();
    if (!s) return;
    this.markerIds = s.scenarioState.markers.map((m) => m.id);
    this.last = board(s);
  }

  /** One event of play, with the live state after it. */
  event(e: GameEvent): void {
    const s = this.state();
    const round = s?.round ?? 0;
    if (e.type === 'deployed') this.open(`Deployment: Player ${e.player + 1} deploys ${e.regiment}`);
    else if (e.type === 'roundStart') this.open(`Round ${e.round} begins`);
    else if (e.type === 'commandCard') this.open(`Round ${round}: Player ${e.player + 1} activates ${e.regiment}`);
    // The card's first warrior shares the card's step; each further warrior is a step of its own.
    else if (e.type === 'activate') {
      if (this.activations > 0) this.open(`Round ${round}: ${e.warrior} activates`);
      this.activations++;
      this.actor = warriorIndex(e.warrior);
    } else if (e.type === 'victoryPhase' || (e.type === 'slain' && s?.phase === 'victory')) {
      // R30: Reinforcements slain at the end belong to the Victory Phase that counts them.
      const label = `Round ${round} scored`;
      if (this.label !== label) this.open(label);
    } else if (e.type === 'gameEnd') this.open('Game over');
    if (e.type === 'move' || e.type === 'drivenBack') {
      const via = (e as { via?: readonly (readonly [number, number])[] }).via ?? [];
      const pts = [e.from, ...via, e.to].flatMap((p) => [tenth(p[0]), tenth(p[1])]);
      this.paths.push({ w: warriorIndex(e.warrior), pts, kind: e.type === 'move' ? 'move' : 'driven' });
    } else if (e.type === 'attack' || e.type === 'charge') {
      if (e.target.startsWith('marker ')) {
        const m = this.markerIds.indexOf(e.target.slice(7));
        if (m >= 0 && !this.markerTargets.includes(m)) this.markerTargets.push(m);
      } else {
        const t = warriorIndex(e.target);
        if (t >= 0 && !this.targets.includes(t)) this.targets.push(t);
      }
    }
    this.lines.push(...this.pending);
    this.pending = [];
    const line = narrate(e);
    if (line !== null && e.type !== 'gameEnd')
      this.lines.push(
        ...line
          .split('\n')
          .filter((l) => l.trim() !== '')
          .map((l) => l.trimEnd()),
      );
    this.events++;
    if (s) this.last = board(s);
  }

  /** A policy is about to decide: its reasons belong to the step its action shows in. */
  decision(kind: Decision['kind']): void {
    this.lines.push(...this.pending);
    this.pending = [];
    this.opensStep = kind === 'deploy' || kind === 'commandCard' || kind === 'selectWarrior';
  }

  /**
   * A bot's reason (balanced: charge ..., P(slain) 0.41): it joins the
   * narration of its action's step, just before the action's events. A
   * policy gives it while deciding, before the engine applies the choice.
   */
  reason(text: string): void {
    (this.opensStep ? this.pending : this.lines).push(`  ~ ${text}`);
  }

  /** The last step, with the result in words. */
  finish(result: GameResult): ReplayFrame[] {
    if (this.label !== 'Game over') this.open('Game over');
    this.lines.push(describeResult(result));
    this.close();
    return this.frames;
  }
}

/**
 * Plays one game through the engine's own loop (playGame) with a listener,
 * and keeps the table at the end of every deployment, activation and round:
 * the same seed gives the same game as in the run.
 */
export function recordReplay(opts: RecordReplayOptions): { replay: ReplayData; result: GameResult } {
  let state: Readonly<GameState> | null = null;
  const rec = new ReplayRecorder(() => state);
  const onEvent = (e: GameEvent): void => {
    opts.onEvent?.(e);
    rec.event(e);
  };
  const onReason = (p: PlayerIndex, reason: string): void => {
    opts.onReason?.(p, reason);
    rec.reason(reason);
  };
  // Each decision tells the recorder first, so it knows which step the policy's reasons belong to.
  const policies = opts.policies.map((p): Policy => ({ name: p.name, choose: (view, d, rng) => (rec.decision(d.kind), p.choose(view, d, rng)) })) as [Policy, Policy];
  const result = playGame({
    ...opts,
    policies,
    onEvent,
    onReason,
    observe: (s) => {
      state = s;
      rec.started();
    },
  });
  const frames = rec.finish(result);
  const s = state as Readonly<GameState> | null;
  if (!s) throw new Error('recordReplay: the engine never gave its state');
  const sc = s.match.scenario;
  const replay: ReplayData = {
    title: opts.title ?? `${s.match.armyNames[0]} against ${s.match.armyNames[1]} on ${sc.name}`,
    seed: opts.seed,
    players: [s.match.armyNames[0], s.match.armyNames[1]],
    regiments: s.regiments.map((g) => ({ name: g.name, player: g.player })),
    warriors: s.warriors.map((w) => ({
      name: `${w.profile.name}#${w.id}`,
      player: w.player,
      regiment: w.regiment,
      wounds: w.profile.wounds,
      r: w.r,
      kind: w.kind,
    })),
    markers: s.scenarioState.markers.map((m) => ({
      id: m.id,
      label: sc.objectiveMarkers.find((o) => o.id === m.id)?.label ?? m.id,
      friendlyTo: side(m.friendlyTo),
      r: m.r,
      standard: m.behaviour === 'standard',
      seized: sc.special.some((sp) => sp.marker === m.id),
    })),
    points: sc.capturePoints.map((p) => ({ id: p.id, label: p.label, x: p.x, y: p.y, r: baseRadius(p.baseMm) })),
    zones: sc.objectiveZones.map((z) => ({ id: z.id, label: z.label, x: z.x, y: z.y, radius: z.diameter / 2 })),
    frames,
    result: describeResult(result),
    ...(opts.command ? { command: opts.command } : {}),
    svg: scenarioSvg({ scenario: sc, terrain: s.match.terrain, ruleset: s.match.ruleset, scale: SCALE, objectives: false }),
    layout: { margin: MARGIN, top: MARGIN + TITLE_BAND, scale: SCALE, height: s.match.table.height },
  };
  return { replay, result };
}

/** Runs in the page: draws a frame's table (warriors, markers, control, the acting warrior, its aims and moves) and wires the controls. */
const PLAYER_SCRIPT = `
const D = JSON.parse(document.getElementById('replay-data').textContent);
const NS = 'http://www.w3.org/2000/svg';
const svg = document.querySelector('#table svg');
const L = D.layout;
const PX = (x) => L.margin + x * L.scale;
const PY = (y) => L.top + (L.height - y) * L.scale;
const SIDE = ['#1f5fbf', '#c0392b'];
const NEUTRAL = '#7a7a7a';
const colourOf = (p) => (p < 0 ? NEUTRAL : SIDE[p]);
// Per side, hues far apart (blue, teal, violet, ... against red, orange, brown, ...) so regiments tell apart.
const SHADES = [['#1f5fbf', '#17a2b8', '#6f42c1', '#0b3d7a', '#20c997', '#8fb8ee', '#3d2a7a'], ['#c0392b', '#e67e22', '#8e5a2b', '#e83e8c', '#b7950b', '#7b1e12', '#f5a38a']];
const regShade = [];
const perPlayer = [0, 0];
D.regiments.forEach((g, i) => { regShade[i] = SHADES[g.player][perPlayer[g.player]++ % 7]; });
const el = (tag, attrs, parent) => { const e = document.createElementNS(NS, tag); for (const k in attrs) e.setAttribute(k, String(attrs[k])); if (parent) parent.appendChild(e); return e; };
const layer = (id) => el('g', { id }, svg);
// The scenario's own text: its legend lines (long) move below the table on a phone; the rest is kept legible.
for (const t of svg.querySelectorAll('text')) if (t.textContent.length > 40) t.classList.add('legend');
const zoneLayer = layer('control');
const pathLayer = layer('paths');
const pointLayer = layer('points');
const markerLayer = layer('markers');
const warriorLayer = layer('warriors');
// Aims over the discs: in base contact the arrow lies across both warriors.
const aimLayer = layer('aims');
el('marker', { id: 'arrow', viewBox: '0 0 10 10', refX: 9, refY: 5, markerWidth: 6, markerHeight: 6, orient: 'auto-start-reverse' }, el('defs', {}, svg)).appendChild(el('path', { d: 'M 0 0 L 10 5 L 0 10 z', fill: '#111' }));
const zones = D.zones.map((z, i) => {
  const g = el('g', { class: 'zone-control', 'data-id': i }, zoneLayer);
  const ring = el('circle', { cx: PX(z.x), cy: PY(z.y), r: z.radius * L.scale, fill: 'none', 'stroke-width': 4 }, g);
  const t = el('text', { x: PX(z.x), y: PY(z.y) + z.radius * L.scale - 4, 'font-size': 10, 'text-anchor': 'middle', 'font-weight': 'bold' }, g);
  return { g, ring, t };
});
const points = D.points.map((p, i) => {
  const c = el('circle', { class: 'point', 'data-id': i, cx: PX(p.x), cy: PY(p.y), r: Math.max(p.r * L.scale, 4), stroke: '#000', 'stroke-width': 1.5 }, pointLayer);
  el('title', {}, c);
  return c;
});
// A marker is a diamond (a warrior is a disc), in the colour of the side it is friendly to, its label on it.
const markers = D.markers.map((m, i) => {
  const g = el('g', { class: 'marker', 'data-id': i }, markerLayer);
  const s = Math.max(m.r * L.scale * 1.35, 7);
  const shape = el('polygon', { points: '0,' + -s + ' ' + s + ',0 0,' + s + ' ' + -s + ',0', fill: colourOf(m.friendlyTo), stroke: '#000', 'stroke-width': 2, 'stroke-dasharray': m.standard ? '' : '3 2' }, g);
  const t = el('text', { 'font-size': 9, 'font-weight': 'bold', 'text-anchor': 'middle', dy: 3, fill: '#fff' }, g);
  t.textContent = m.label.length <= 2 ? m.label : '';
  const dmg = el('text', { 'font-size': 9, 'font-weight': 'bold', fill: '#000' }, g);
  const title = el('title', {}, g);
  return { g, shape, dmg, title, s };
});
const warriors = D.warriors.map((w, i) => {
  const g = el('g', { class: 'warrior', 'data-id': i }, warriorLayer);
  const c = el('circle', { r: Math.max(w.r * L.scale, 3), fill: regShade[w.regiment], stroke: '#000' }, g);
  const t = el('text', { class: 'disc-letter', 'font-size': 8, 'text-anchor': 'middle', fill: '#fff', dy: 3 }, g);
  t.textContent = w.kind === 'character' ? 'C' : '';
  const wound = el('text', { 'font-size': 9, 'font-weight': 'bold', fill: '#000' }, g);
  const title = el('title', {}, g);
  return { g, c, t, wound, title };
});
const actorRing = el('circle', { id: 'actor-ring', fill: 'none', stroke: '#ffbf00', 'stroke-width': 4, display: 'none' }, warriorLayer);
const slider = document.getElementById('step');
slider.max = String(D.frames.length - 1);
let at = 0;
const held = (p) => (p < 0 ? 'nobody' : 'Player ' + (p + 1));
const MK = 5;
// Jump to a round: the first step of each round (and the setup, the deployment and the end).
const jump = document.getElementById('round');
const starts = [];
D.frames.forEach((f, i) => {
  const name = i === 0 ? 'Setup' : f.label.startsWith('Deployment') && !starts.some((s) => s.name === 'Deployment') ? 'Deployment' : /^Round \\d+ begins$/.test(f.label) ? 'Round ' + f.round : f.label === 'Game over' ? 'Game over' : null;
  if (name !== null) starts.push({ name, i });
});
for (const s of starts) { const o = document.createElement('option'); o.value = String(s.i); o.textContent = s.name; jump.appendChild(o); }
jump.onchange = () => show(Number(jump.value));
// On a small screen the table shrinks: its text keeps at least 10 px as drawn (the discs' letters excepted).
function fit() {
  const k = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
  for (const t of svg.querySelectorAll('text:not(.disc-letter)')) {
    const base = Number(t.getAttribute('font-size')) || 10;
    t.style.fontSize = k > 0 && base * k < 10 ? (10 / k).toFixed(1) + 'px' : '';
  }
  svg.classList.toggle('small', k < 0.8);
}
window.addEventListener('resize', fit);
function wxy(f, k) { return [PX(f.pos[4 * k] / 10), PY(f.pos[4 * k + 1] / 10)]; }
function show(i) {
  at = Math.max(0, Math.min(D.frames.length - 1, i));
  const f = D.frames[at];
  D.warriors.forEach((w, k) => {
    const m = warriors[k];
    const wounds = f.pos[4 * k + 2], flags = f.pos[4 * k + 3];
    if (!(flags & 1)) { m.g.setAttribute('display', 'none'); return; }
    m.g.removeAttribute('display');
    const [x, y] = wxy(f, k);
    m.c.setAttribute('cx', x.toFixed(1)); m.c.setAttribute('cy', y.toFixed(1));
    m.t.setAttribute('x', x.toFixed(1)); m.t.setAttribute('y', y.toFixed(1));
    const broken = (flags & 2) !== 0;
    m.c.setAttribute('stroke', broken ? '#f1c40f' : '#000');
    m.c.setAttribute('stroke-width', broken ? '3' : w.kind === 'character' ? '2.5' : '1');
    m.c.setAttribute('stroke-dasharray', broken ? '3 2' : '');
    m.wound.setAttribute('x', (x + w.r * L.scale).toFixed(1)); m.wound.setAttribute('y', (y - w.r * L.scale).toFixed(1));
    m.wound.textContent = wounds > 0 ? String(wounds) : '';
    m.title.textContent = w.name + ' (' + D.regiments[w.regiment].name + '): ' + wounds + ' of ' + w.wounds + ' wounds' + (broken ? ', Broken!' : '');
  });
  const objectives = [];
  D.markers.forEach((m, k) => {
    const mk = markers[k];
    const x = PX(f.markers[MK * k] / 10), y = PY(f.markers[MK * k + 1] / 10), dmg = f.markers[MK * k + 2], gone = f.markers[MK * k + 3] === 1, by = f.markers[MK * k + 4];
    // A marker the seizing rules move (Broken Lines) belongs to whoever seized it at the last Victory Phase.
    const holder = m.seized ? by : m.friendlyTo;
    const state = m.seized ? (by < 0 ? 'not held' : 'held by ' + held(by)) : (m.friendlyTo < 0 ? 'neutral' : held(m.friendlyTo) + '’s') + ', ' + (gone ? 'destroyed' : dmg > 0 ? dmg + (dmg === 1 ? ' wound' : ' wounds') : 'intact');
    objectives.push('marker ' + m.label + ': ' + state);
    mk.g.setAttribute('data-held', String(holder));
    mk.shape.setAttribute('fill', colourOf(holder));
    if (gone) { mk.g.setAttribute('display', 'none'); return; }
    mk.g.removeAttribute('display');
    mk.g.setAttribute('transform', 'translate(' + x.toFixed(1) + ',' + y.toFixed(1) + ')');
    mk.dmg.setAttribute('x', String(mk.s + 1)); mk.dmg.setAttribute('y', String(-mk.s + 2));
    mk.dmg.textContent = dmg > 0 ? String(dmg) : '';
    mk.title.textContent = 'objective marker ' + m.label + ': ' + state;
  });
  D.zones.forEach((z, k) => {
    const p = f.zones[k], zc = zones[k];
    zc.g.setAttribute('data-held', String(p));
    zc.ring.setAttribute('stroke', colourOf(p));
    zc.ring.setAttribute('stroke-dasharray', p < 0 ? '2 4' : '');
    zc.t.setAttribute('fill', colourOf(p));
    zc.t.textContent = p < 0 ? 'not held' : 'held by P' + (p + 1);
    objectives.push('zone ' + z.label + ': ' + held(p));
  });
  D.points.forEach((pt, k) => {
    const p = f.points[k];
    points[k].setAttribute('data-held', String(p));
    points[k].setAttribute('fill', colourOf(p));
    points[k].firstChild.textContent = 'capture point ' + pt.label + ': ' + held(p);
    objectives.push('point ' + pt.label + ': ' + held(p));
  });
  // The acting warrior: a ring, and an arrow to everything it aimed at in this step.
  aimLayer.replaceChildren();
  if (f.actor >= 0 && (f.pos[4 * f.actor + 3] & 5)) {
    const [x, y] = wxy(f, f.actor);
    actorRing.setAttribute('cx', x.toFixed(1)); actorRing.setAttribute('cy', y.toFixed(1));
    actorRing.setAttribute('r', (Math.max(D.warriors[f.actor].r * L.scale, 3) + 4).toFixed(1));
    actorRing.setAttribute('data-id', String(f.actor));
    actorRing.removeAttribute('display');
    const ends = f.targets.map((t) => wxy(f, t)).concat(f.markerTargets.map((m) => [PX(f.markers[MK * m] / 10), PY(f.markers[MK * m + 1] / 10)]));
    for (const [tx, ty] of ends) {
      // A white band under the dashed line keeps it visible across the discs it crosses.
      const a = el('g', { class: 'aim' }, aimLayer);
      const at = { x1: x.toFixed(1), y1: y.toFixed(1), x2: tx.toFixed(1), y2: ty.toFixed(1) };
      el('line', { ...at, stroke: '#fff', 'stroke-width': 4, 'stroke-linecap': 'round', opacity: 0.9 }, a);
      el('line', { ...at, stroke: '#111', 'stroke-width': 2, 'stroke-dasharray': '4 2', 'marker-end': 'url(#arrow)' }, a);
    }
  } else {
    actorRing.setAttribute('display', 'none');
    actorRing.removeAttribute('data-id');
  }
  // Moves of the step along their paths (the turns the engine reports); Driven Back dotted.
  pathLayer.replaceChildren();
  for (const p of f.paths) {
    const pts = [];
    for (let j = 0; j < p.pts.length; j += 2) pts.push(PX(p.pts[j] / 10).toFixed(1) + ',' + PY(p.pts[j + 1] / 10).toFixed(1));
    el('polyline', { class: 'path', 'data-w': p.w, points: pts.join(' '), fill: 'none', stroke: p.w >= 0 ? regShade[D.warriors[p.w].regiment] : '#333', 'stroke-width': 2, 'stroke-dasharray': p.kind === 'driven' ? '2 3' : '', 'marker-end': 'url(#arrow)', opacity: 0.85 }, pathLayer);
  }
  slider.value = String(at);
  jump.value = String(starts.filter((s) => s.i <= at).at(-1).i);
  document.getElementById('label').textContent = 'Step ' + (at + 1) + ' of ' + D.frames.length + ': ' + f.label;
  document.getElementById('score').textContent = 'Round ' + f.round + ' · VP ' + D.players[0] + ' ' + f.vp[0] + ', ' + D.players[1] + ' ' + f.vp[1];
  document.getElementById('objectives').textContent = objectives.join(' · ');
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
  if (e.target === slider || e.target === jump) return;
  if (e.key === 'ArrowRight') show(at + 1);
  else if (e.key === 'ArrowLeft') show(at - 1);
  else if (e.key === 'Home') show(0);
  else if (e.key === 'End') show(D.frames.length - 1);
  else if (e.key === ' ') { play(); e.preventDefault(); } else return;
});
document.querySelectorAll('#regiments li .swatch').forEach((s, r) => { s.style.background = regShade[r]; });
document.getElementById('legend').textContent = [...svg.querySelectorAll('text.legend')].map((t) => t.textContent).join('. ') + '.';
show(0);
fit();
`;

const STYLE = `
body { font-family: sans-serif; margin: 16px; color: #222; }
h1 { font-size: 18px; margin: 0 0 4px; }
.meta { color: #555; font-size: 13px; margin: 0 0 8px; }
.command { font-size: 13px; margin: 0 0 8px; }
.command code { background: #f3f3f3; padding: 1px 4px; overflow-wrap: anywhere; }
.wrap { display: flex; gap: 16px; align-items: flex-start; flex-wrap: wrap; }
#table { max-width: 100%; }
#table svg { max-width: 100%; height: auto; border: 1px solid #ddd; display: block; }
#table svg.small .disc-letter { display: none; }
#legend { display: none; font-size: 13px; color: #444; margin: 4px 0; }
#panel { flex: 1; min-width: 300px; max-width: 560px; }
#label { font-weight: bold; margin: 6px 0 2px; }
#score, #objectives { font-size: 13px; color: #333; margin-bottom: 6px; }
#lines { background: #f7f7f7; border: 1px solid #ddd; padding: 6px; font-size: 12px; white-space: pre-wrap; min-height: 120px; max-height: 320px; overflow: auto; margin: 0; }
.controls { margin: 0 0 8px; display: flex; gap: 6px; align-items: center; flex-wrap: wrap; }
.controls input[type=range] { flex: 1; min-width: 160px; }
#regiments { font-size: 12px; padding-left: 0; list-style: none; columns: 2; }
#regiments li { margin: 2px 0; break-inside: avoid; }
.swatch { display: inline-block; width: 10px; height: 10px; border: 1px solid #000; margin-right: 4px; border-radius: 50%; }
.key { font-size: 12px; color: #555; }
@media (max-width: 600px) {
  /* A phone: the table the screen's width, the step and its narration under it, the controls in a bar at the bottom of the screen. */
  body { margin: 4px 4px 90px; font-size: 15px; display: flex; flex-direction: column; }
  #about { order: 2; }
  #legend { order: 3; }
  .key { order: 4; }
  .controls .w { display: none; }
  #table svg text.legend { display: none; }
  h1 { font-size: 16px; }
  .wrap { display: block; }
  #table svg { width: 100%; border: 0; }
  #legend { display: block; }
  #panel { min-width: 0; max-width: none; width: 100%; }
  #lines { font-size: 13px; max-height: none; min-height: 0; }
  #regiments { columns: 1; font-size: 13px; }
  .key, .meta, .command { font-size: 13px; }
  .controls { position: fixed; left: 0; right: 0; bottom: 0; margin: 0; padding: 6px 6px 10px; background: #fff; border-top: 1px solid #bbb; box-shadow: 0 -2px 6px rgba(0,0,0,0.12); z-index: 2; gap: 4px; }
  .controls button, .controls select { font-size: 15px; padding: 8px 6px; flex: 1; }
  .controls input[type=range] { flex-basis: 100%; min-width: 0; order: 2; margin: 4px 0 0; }
}
`;

/** One self-contained page: the table, the warriors at each step, the narration beside it, and the controls. */
export function replayHtml(d: ReplayData): string {
  const data = JSON.stringify(d).replace(/</g, '\\u003c');
  const regs = d.regiments.map((g) => `<li><span class="swatch"></span><b>P${g.player + 1}</b> ${esc(g.name)}: <span class="count"></span></li>`).join('\n');
  const c = d.command;
  const command = !c ? '' : 'text' in c ? `<p class="command">Play this game again: <code id="command">${esc(c.text)}</code></p>` : `<p class="command" id="command">${esc(c.none)}</p>`;
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Replay: ${esc(d.title)}</title>
<style>${STYLE}</style></head>
<body>
<h1>Replay: ${esc(d.title)}</h1>
<div id="about"><p class="meta">Seed ${esc(d.seed)} · Player 1 (blues, bottom edge): ${esc(d.players[0])} · Player 2 (reds, top edge): ${esc(d.players[1])} · ${esc(d.result)}</p>
${command}</div>
<div class="wrap">
<div id="table">${d.svg}</div>
<div id="panel"><div class="controls"><button id="first" aria-label="first step">|&lt;</button><button id="prev" aria-label="back">&lt;<span class="w"> Back</span></button><button id="play">Play</button><button id="next" aria-label="next"><span class="w">Next </span>&gt;</button><button id="last" aria-label="last step">&gt;|</button>
<select id="round" aria-label="jump to a round"></select>
<input id="step" type="range" min="0" value="0" aria-label="step"></div>
<div id="label"></div><div id="score"></div><div id="objectives"></div><pre id="lines"></pre>
<ul id="regiments">${regs}</ul></div>
</div>
<p id="legend"></p>
<p class="key">Keys: ← and → step, Home and End jump, space plays. The list jumps to a round. A warrior is a disc in its regiment's shade (a character has a thick outline and a C), the number beside it its wound markers; a yellow dashed ring is Broken!. The acting warrior has an amber ring and a dashed arrow to what it attacks or charges; a coloured arrow is its move's path (dotted: Driven Back). An objective marker is a diamond in the colour of the side it belongs to (grey: neutral), its wounds beside it; it disappears when destroyed. A marker that is seized (Broken Lines) takes the colour of who seized it at the last Victory Phase. A zone's ring and a capture point's fill show who holds it after the last Victory Phase.</p>
<script type="application/json" id="replay-data">${data}</script>
<script>${PLAYER_SCRIPT}</script>
</body></html>
`;
}
