/**
 * The search policy: Portfolio Greedy Search (Churchill and Buro, 2013) over
 * Command Cards. A game has ~1,250 raw decisions with continuous movement,
 * far too many to search, but only about 30 Command Cards a side: at each the
 * search chooses a plan, a card and the script its warriors follow, and
 * scores every candidate plan by playouts of the forward model (GameView.fork)
 * with `balanced` for everyone else to the end of the round, then the
 * evaluation. Budgets count playouts, never time, so results reproduce.
 */
import { childRng } from '../dice/index.js';
import type { Rng } from '../dice/types.js';
import { Game } from '../engine/game.js';
import type { ActionChoice, Choice, Decision, ForkedGame, GameState, GameView, PlayerIndex, Policy, Warrior } from '../engine/types.js';
import { heuristicPolicy, type HeuristicOptions } from './heuristic.js';
import { pauseTally } from './jams.js';
import { num } from './labels.js';
import { moveEnd } from './route.js';
import { bestVolley, nearestFoe } from './scripts.js';
import { ThreatMap } from './threat.js';
import { evaluate } from './toolkit.js';
import { bestUnique } from './uniques.js';

type State = Readonly<GameState>;

export interface SearchOptions {
  /** Playouts a Command Card decision (at least one a candidate plan). */
  playouts: number;
  /** Rounds a playout runs: 1 to the end of the current round, 2 the next one too, ... */
  rounds: number;
  /** Hill-climbing passes after the first choice of card and script (PGS's improvement). */
  passes: number;
}

/** The balanced heuristic's options: the base policy of every playout and the default script. */
const BALANCED: HeuristicOptions = { aggression: 0.6, objective: 0.8, tactics: true };

/** A win or loss at the end of a playout outweighs any evaluation of a position. */
const WIN = 5000;

/**
 * Where a search game's time goes, filled only when `enabled` (bench/search.ts):
 * forking (the copy of the state into the last playout's fork), playouts (the policies and the
 * engine to the horizon) and evaluation (the leaf's evaluate).
 */
export const searchTimers = { enabled: false, forkMs: 0, playoutMs: 0, evalMs: 0, playouts: 0, decisions: 0, policyMs: 0, engineMs: 0 };

/** A script: what the warriors of the activated card do (selectWarrior and action decisions). */
interface Script {
  name: string;
  policy: Policy;
}

/**
 * A script for the card's free warriors: `decide` answers the action decisions
 * of a warrior on the table, not engaged and not Broken!; everything else
 * (rallying, fighting when engaged, choosing the warrior) is `base`'s.
 */
function freeWarriorScript(name: string, base: Policy, decide: (s: State, w: Warrior, d: Extract<Decision, { kind: 'action' }>) => Choice | null): Policy {
  return {
    name,
    choose(view, d, rng) {
      if (d.kind !== 'action' || d.engaged) return base.choose(view, d, rng);
      const s = view.state;
      const w = s.warriors[d.warrior];
      if (w.broken || w.status !== 'table') return base.choose(view, d, rng);
      return decide(s, w, d) ?? base.choose(view, d, rng);
    },
  };
}

/** A shot where it stands: a Unique Action that inflicts hits or heals when worth more than the Volley (Take Aim first when two actions are left). */
function shootOrUse(s: State, w: Warrior, d: Extract<Decision, { kind: 'action' }>, aim: boolean): Choice | null {
  const a = s.activation!;
  const u = d.legal.includes('unique') ? bestUnique(s, w, a) : null;
  const v = d.legal.includes('volley') ? bestVolley(s, w, a.aimed, () => 0) : null;
  if (u && u.value > 0 && (!v || u.value >= v.value)) return act(u.target === undefined ? { type: 'unique', name: u.name } : { type: 'unique', name: u.name, target: u.target });
  if (v) {
    if (aim && d.legal.includes('takeAim') && !a.aimed && a.actionsLeft >= 2) return act({ type: 'takeAim' });
    return act({ type: 'volley', target: v.target });
  }
  return null;
}

/** Hold: stay put and shoot, use a Unique Action, or fight where you stand (a zone held keeps its weight). */
function holdScript(base: Policy): Policy {
  return freeWarriorScript('hold', base, (s, w, d) => {
    const shot = shootOrUse(s, w, d, true);
    if (shot) return shot;
    // A marker within reach is attacked as balanced would (null: base decides); nothing else moves.
    if (d.legal.includes('clash')) return null;
    return act({ type: 'end' });
  });
}

/** Directions a fall-back tries (radians from straight away from the nearest enemy). */
const TURNS = [0, 0.6, -0.6, 1.2, -1.2];

/**
 * Fall back and shoot, threat-aware: a March to the place of least threat
 * (the threat map) among a few ways back from the nearest enemy, then shoot or
 * use a Unique Action — out of charge reach.
 */
function fallBackScript(base: Policy): Policy {
  const map = new ThreatMap();
  return freeWarriorScript('fallback', base, (s, w, d) => {
    const a = s.activation!;
    const threat = nearestFoe(s, w);
    if (threat && a.marches === 0 && d.legal.includes('march')) {
      const dist = d.marchAllowance;
      map.prepare(s, w, dist);
      let bx = w.x;
      let by = w.y;
      let best = map.at(w.x, w.y);
      const away = Math.atan2(w.y - threat.foe.y, w.x - threat.foe.x);
      for (const t of TURNS) {
        const end = moveEnd(s, w, w.x + Math.cos(away + t) * dist, w.y + Math.sin(away + t) * dist, dist);
        if (end.travelled < 0.5) continue;
        const x = end.x;
        const y = end.y;
        const v = map.at(x, y);
        if (v < best - 1e-9) {
          best = v;
          bx = x;
          by = y;
        }
      }
      if (bx !== w.x || by !== w.y) return act({ type: 'march', x: bx, y: by });
    }
    return shootOrUse(s, w, d, false) ?? act({ type: 'end' });
  });
}

const act = (action: ActionChoice): Choice => ({ kind: 'action', action });

/** The portfolio, the default (balanced) first: a tie keeps it. */
function portfolio(base: Policy): Script[] {
  return [
    { name: 'balanced', policy: base },
    // Attack the best exact-odds target: charges whenever a fight is on.
    { name: 'attack', policy: heuristicPolicy('attack', { aggression: 1, objective: 0.15, tactics: true }) },
    // Advance to an objective: the scoring places first.
    { name: 'advance', policy: heuristicPolicy('advance', { aggression: 0.25, objective: 1, tactics: true }) },
    { name: 'hold', policy: holdScript(base) },
    { name: 'fallback', policy: fallBackScript(base) },
    // Threat-aware: balanced at twice the caution, keeping out of reach unless the move is clearly worth it.
    { name: 'cautious', policy: heuristicPolicy('cautious', { ...BALANCED, caution: 2 }) },
  ];
}

/** The plan chosen for the live Command Card: its warriors follow `script` until the card is spent. */
interface Plan {
  state: State;
  player: PlayerIndex;
  round: number;
  card: number;
  script: Script;
  /** The chosen plan's mean value and the best other plan's (card, script, mean), and the playouts spent. */
  value: number;
  second: { card: number; script: Script; value: number } | null;
  playouts: number;
}

export function searchPolicy(name: string, o: SearchOptions): Policy {
  const base = heuristicPolicy(name, BALANCED);
  const scripts = portfolio(base);
  // One plan a player: the same instance may play both seats (a mirror match).
  const plans: [Plan | null, Plan | null] = [null, null];
  // The last playout's fork, refilled for the next (GameView.fork's `into`, Game.forkInto): no state allocated a playout.
  let scratch: ForkedGame | null = null;

  /** A fork of the game in view for one playout: the view's forward model, else the engine's (Game.fork), into the last one. */
  function fork(view: GameView, seed: string): ForkedGame {
    if (view.fork) scratch = view.fork(seed, scratch ?? undefined);
    else if (scratch instanceof Game && scratch.state.match === view.state.match) Game.forkInto(scratch, view.state, seed);
    else scratch = Game.fork(view.state, seed);
    return scratch;
  }

  /** Plays one candidate plan on a fork to the horizon; its value for `me`. */
  function playout(view: GameView, me: PlayerIndex, card: number, script: Script, seed: string): number {
    const t = searchTimers.enabled;
    let t0 = t ? performance.now() : 0;
    const g = fork(view, seed);
    const s = g.state;
    let t1 = 0;
    if (t) {
      t1 = performance.now();
      searchTimers.forkMs += t1 - t0;
    }
    const rng = childRng(seed, 'playout');
    const views: [GameView, GameView] = [
      { state: s, me: 0 },
      { state: s, me: 1 },
    ];
    const round = s.round;
    const last = round + o.rounds - 1;
    g.apply({ kind: 'commandCard', regiment: card });
    for (let d = g.pending(); d !== null && s.round <= last; d = g.pending()) {
      const p = d.player;
      // The card's own warriors follow the script; every other decision is balanced's.
      const ours = p === me && s.card === card && s.round === round && (d.kind === 'action' || d.kind === 'selectWarrior');
      if (t) {
        // The playout's own split: the policies' choices against the engine's apply.
        const c0 = performance.now();
        const choice = (ours ? script.policy : base).choose(views[p], d, rng);
        const c1 = performance.now();
        g.apply(choice);
        searchTimers.policyMs += c1 - c0;
        searchTimers.engineMs += performance.now() - c1;
      } else g.apply((ours ? script.policy : base).choose(views[p], d, rng));
    }
    if (t) {
      t0 = performance.now();
      searchTimers.playoutMs += t0 - t1;
    }
    let v = s.phase === 'over' ? (s.result!.winner === null ? 0 : s.result!.winner === me ? WIN : -WIN) : 0;
    v += evaluate(s, me);
    if (t) {
      searchTimers.evalMs += performance.now() - t0;
      searchTimers.playouts++;
    }
    return v;
  }

  /**
   * PGS for one Command Card: every card with the default script, then every
   * script for the best card, then (passes) the cards again with the best
   * script. All candidates share the same dice seeds (common random numbers:
   * a difference in value is the plan's, not the dice's).
   */
  function plan(view: GameView, d: Extract<Decision, { kind: 'commandCard' }>, rng: Rng): Plan {
    const s = view.state;
    const me = d.player;
    const cards = d.regiments;
    const candidates = (cards.length > 1 ? cards.length : 0) + scripts.length - 1 + o.passes * Math.max(0, cards.length - 1);
    const k = Math.max(1, Math.floor(o.playouts / Math.max(1, candidates)));
    const seeds: string[] = [];
    for (let i = 0; i < k; i++) seeds.push(`search:${rng.next()}`);
    let spent = 0;
    let second: Plan['second'] = null;
    const score = (card: number, script: Script): number => {
      let sum = 0;
      const resume = pauseTally();
      try {
        for (const seed of seeds) sum += playout(view, me, card, script, seed);
      } finally {
        resume();
      }
      spent += k;
      return sum / k;
    };
    let card = cards[0];
    let script = scripts[0];
    let best = -Infinity;
    // The runner-up: the best plan other than the chosen one (a plan beaten keeps its value here).
    const loser = (c: number, sc: Script, v: number): void => {
      if (!second || v > second.value) second = { card: c, script: sc, value: v };
    };
    const tryCards = () => {
      for (const c of cards) {
        if (c === card && best > -Infinity) continue;
        const v = score(c, script);
        if (v > best) {
          if (best > -Infinity) loser(card, script, best);
          best = v;
          card = c;
        } else loser(c, script, v);
      }
    };
    // One card left: only its script is to choose.
    if (cards.length > 1) tryCards();
    const tryScripts = () => {
      for (const sc of scripts) {
        if (sc === script && best > -Infinity) continue;
        const v = score(card, sc);
        if (v > best) {
          if (best > -Infinity) loser(card, script, best);
          best = v;
          script = sc;
        } else loser(card, sc, v);
      }
    };
    tryScripts();
    for (let pass = 0; pass < o.passes; pass++) {
      const before = card;
      tryCards();
      if (card === before) break;
      tryScripts();
    }
    if (searchTimers.enabled) searchTimers.decisions++;
    // A card alone with one script is no choice: one playout-free plan.
    if (best === -Infinity) best = 0;
    return { state: s, player: me, round: s.round, card, script, value: best, second, playouts: spent };
  }

  return {
    name,
    choose(view: GameView, d: Decision, rng: Rng): Choice {
      const s = view.state;
      if (d.kind === 'commandCard') {
        const p = plan(view, d, rng);
        plans[d.player] = p;
        if (view.explain) {
          const r = p.second;
          const other = r ? `; runner-up ${r.card === p.card ? '' : `card ${s.regiments[r.card].name}, `}script ${r.script.name}, ${num(r.value)}` : '';
          view.explain(`${name}: card ${s.regiments[p.card].name}, script ${p.script.name}: mean value ${num(p.value)}${other}; ${p.playouts} playouts`);
        }
        return { kind: 'commandCard', regiment: p.card };
      }
      if (d.kind === 'action' || d.kind === 'selectWarrior') {
        const p = plans[d.player];
        if (p && p.state === s && p.round === s.round && p.card === s.card) return p.script.policy.choose(view, d, rng);
      }
      return base.choose(view, d, rng);
    },
  };
}
