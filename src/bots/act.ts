/**
 * The heuristics' action decisions, one piece per situation: a warrior in
 * Reinforcements enters, an Engaged one fights (or Repositions out of a
 * losing fight), a free one attacks a marker, shoots (or uses a Unique
 * Action), charges, holds its place or moves — weighing the threat map where
 * it would end. Every piece answers with an action and writes its reason.
 */
import { memoryKey, memoryOf, norm } from '../engine/index.js';
import type { ActionChoice, Decision, GameState, PlayerIndex, Warrior } from '../engine/types.js';
import { entryPointNear } from './candidates.js';
import { fade, GOAL_DEFAULTS, goalLabel, goalReason, type Goal, type Goals } from './goals.js';
import { num, targetLabel, warriorName } from './labels.js';
import { alongWalk, chargeLands, detour, friendsStop, moveEnd, stoppedShort, travel, type MarchEnd } from './route.js';
import { leg } from '../engine/walk.js';
import { bestCharge, bestClash, bestVolley, clashAt, fallBackFrom, nearestFoe, rally, type AttackPick, type Note } from './scripts.js';
import { closingEdge, lastThreat, ThreatMap, threatAt } from './threat.js';
import { attackOdds, attackValue, DEFAULT_WEIGHTS, statNow, type EvalWeights } from './toolkit.js';
import { warriorWorth } from './worth.js';
import type { HeuristicOptions } from './types.js';
import { bestUnique, type UniquePick } from './uniques.js';
import { counting, noteMove } from './jams.js';

type State = Readonly<GameState>;
type ActionDecision = Extract<Decision, { kind: 'action' }>;
const W = DEFAULT_WEIGHTS;

/** A March shorter than this is not worth an action while ending the activation is worth as much (a bot no longer shuffles in place). */
export const MIN_MARCH = 0.5;

/** Being Broken! costs its evaluation term (`broken`) and this for the Resolve tests it will fail (R11): what leaving a fight costs (R36). */
const BROKEN_COST = 0.2;

/**
 * A Reposition ends Broken! (R36), and a Broken! warrior is slain by its next
 * failed Resolve test (R11): it leaves only for a place where the enemy's
 * expected harm is at most this share of its worth. (Leaving whenever the
 * threat there was lower than in the fight, the first rule, cost balanced
 * 56.6% against 62.1% never leaving, over 13 scenarios: docs/BOTS.md.)
 */
const SAFE_AFTER = 0.1;

/** The round each warrior was last stopped by its own side's bases with no step aside, by id: the state's memory (a fork starts without). */
const STUCK = memoryKey(() => ({ s: null as State | null, round: new Map<number, number>() }));

/** Fractions of the way to a March's end tried as places to stop (the threat map may prefer a shorter move). */
const STOPS = [1, 0.75, 0.5, 0.25];

export class Actions {
  /** The evaluation weights of attacks and threats: the defaults' own object unless an option changes them (the threat map's memo keys on it). */
  readonly W: Readonly<EvalWeights>;
  constructor(
    readonly o: HeuristicOptions,
    readonly goals: Goals,
  ) {
    const broken = o.broken ?? DEFAULT_WEIGHTS.broken;
    const wounds = o.wounds ?? DEFAULT_WEIGHTS.wounds;
    this.W = broken === DEFAULT_WEIGHTS.broken && wounds === DEFAULT_WEIGHTS.wounds ? DEFAULT_WEIGHTS : Object.freeze({ ...DEFAULT_WEIGHTS, broken, wounds });
  }

  /** How much the threat map counts for `me` now: full when a fight does not favour me, less when it does. */
  caution(s: State, me: PlayerIndex): number {
    if (!this.o.tactics) return 0;
    const base = this.o.caution ?? 1;
    const edge = closingEdge(s, me);
    return base * (edge >= 1.15 ? 0.35 : edge >= 0.9 ? 0.7 : 1) * standing(s, me);
  }

  /** The threat map, prepared once a move decision. */
  private readonly map = new ThreatMap();

  /** What the policy's marker attacks are worth (the scripts take a function of the marker's index). */
  private now: { s: State | null; me: PlayerIndex } = { s: null, me: 0 };
  private readonly mv = (i: number): number => this.goals.markerWorth(this.now.s!, this.now.me, i);

  decide(s: State, w: Warrior, d: ActionDecision, me: PlayerIndex, note: Note): ActionChoice {
    this.now.s = s;
    this.now.me = me;
    const r = rally(w, d.legal, note);
    if (r) return r;
    if (w.status === 'reserve') return this.enter(s, w, d, me, note);
    if (d.engaged) return this.fight(s, w, d, note);
    return this.free(s, w, d, me, note);
  }

  /** Reinforcements: at the free edge point nearest the goal, marching towards it (R30). */
  private enter(s: State, w: Warrior, d: ActionDecision, me: PlayerIndex, note: Note): ActionChoice {
    if (d.legal.includes('enter')) {
      const g = this.goals.goal(s, w, me, note !== undefined);
      const p = entryPointNear(s, w, g.x, g.y);
      if (p) {
        note?.(`enter at (${num(p.x)}, ${num(p.y)}) towards ${goalReason(s, g)}`);
        return { type: 'enter', edgeX: p.x, edgeY: p.y, x: g.x, y: g.y };
      }
    }
    note?.('stay in Reinforcements: no free edge point');
    return { type: 'end' };
  }

  /** Engaged: Reposition out of a losing fight, a Unique Action beside the Clash, Inspire, then the best Clash. */
  private fight(s: State, w: Warrior, d: ActionDecision, note: Note): ActionChoice {
    const a = s.activation!;
    const has = (t: string): boolean => d.legal.includes(t as never);
    const best = has('clash') ? bestClash(s, w, a.inspired, this.mv, this.W) : null;
    if (this.o.tactics && has('reposition')) {
      const out = this.repositionOut(s, w, best, note);
      if (out) return out;
    }
    const u = has('unique') ? bestUnique(s, w, a, this.W) : null;
    if (best) {
      let inspireGain = 0;
      if (has('inspire') && !a.inspired && a.actionsLeft >= 2) {
        const inspired = bestClash(s, w, true, this.mv, this.W);
        inspireGain = inspired ? inspired.value - best.value : 0;
      }
      // A Unique Action (Stomp) is an action of its own beside the Clash (R40): before it, when worth more than Inspiring.
      if (u && u.value > 0 && a.actionsLeft >= 2 && u.value >= inspireGain) return this.unique(u, `${inspireGain > 0 ? `; Inspire would add ${num(inspireGain)}` : ''}`, note);
      if (inspireGain > 0 || (has('inspire') && !a.inspired && a.actionsLeft >= 2 && this.o.aggression >= 0.8)) {
        note?.(`inspire before the clash: re-roll 6s, worth ${num(inspireGain)}`);
        return { type: 'inspire' };
      }
      return clashAt(s, best, statNow(s, w, 'attacks'), note);
    }
    if (u && u.value > 0) return this.unique(u, '', note);
    note?.('end: nothing to strike');
    return { type: 'end' };
  }

  private unique(u: UniquePick, more: string, note: Note): ActionChoice {
    note?.(`${u.why}${more}`);
    return u.target === undefined ? { type: 'unique', name: u.name } : { type: 'unique', name: u.name, target: u.target };
  }

  /**
   * Reposition out of a fight (R36: leaving an enemy's Engagement Range
   * breaks the warrior) when what the engaged enemies are expected to do to it
   * before it acts again exceeds what it can do to them by more than being
   * Broken! costs, and the place it reaches is safer.
   */
  private repositionOut(s: State, w: Warrior, best: AttackPick | null, note: Note): ActionChoice | null {
    const er = s.match.ruleset.engagementRange;
    let theirs = 0;
    let cx = 0;
    let cy = 0;
    let n = 0;
    for (const e of s.warriors) {
      if (e.status !== 'table' || e.player === w.player) continue;
      if (norm(e.x - w.x, e.y - w.y) - e.r - w.r > er + 1e-9) continue;
      if (!e.broken) theirs += attackValue(s, attackOdds(s, e, w, { action: 'clash', inspired: false }), w, this.W);
      cx += e.x;
      cy += e.y;
      n++;
    }
    if (n === 0) return null;
    const mine = best && best.target >= 0 ? best.value : 0;
    const worth = warriorWorth(s, w);
    const cost = w.broken ? 0 : (this.W.broken + BROKEN_COST) * worth;
    if (theirs - mine <= cost) return null;
    // Straight away from the engaged enemies, half a March (R36's Reposition allowance).
    const dist = Math.ceil(statNow(s, w, 'march') * s.match.ruleset.repositionFraction);
    const dx = w.x - cx / n;
    const dy = w.y - cy / n;
    const len = norm(dx, dy) || 1;
    const tx = w.x + (dx / len) * dist;
    const ty = w.y + (dy / len) * dist;
    const end = moveEnd(s, w, tx, ty, dist, false);
    // Still within anyone's reach where it ends: no better off.
    for (const e of s.warriors) {
      if (e.status === 'table' && e.player !== w.player && norm(e.x - end.x, e.y - end.y) - e.r - w.r <= er + 1e-9) return null;
    }
    const after = threatAt(s, w, end.x, end.y);
    if (theirs - after <= cost || after > SAFE_AFTER * worth) return null;
    note?.(`reposition out of the fight: expected loss ${num(theirs)} against ${num(mine)} dealt, Broken! costs ${num(cost)}; ${num(after)} where it ends`);
    return { type: 'reposition', x: tx, y: ty };
  }

  /** Out of combat: a marker within reach, a shot or a Unique Action, a Charge, holding, or a move. */
  private free(s: State, w: Warrior, d: ActionDecision, me: PlayerIndex, note: Note): ActionChoice {
    const a = s.activation!;
    const o = this.o;
    const has = (t: string): boolean => d.legal.includes(t as never);
    if (has('clash')) {
      const m = bestClash(s, w, a.inspired, this.mv, this.W);
      if (m) return clashAt(s, m, statNow(s, w, 'attacks'), note);
    }
    const u = has('unique') ? bestUnique(s, w, a, this.W) : null;
    // A heal beside the other action: first, while two actions are left.
    if (u && u.value > 0 && a.actionsLeft >= 2 && isHeal(s, w, u)) return this.unique(u, '', note);
    const shooter = w.profile.barrage !== undefined && w.profile.barrage !== null;
    let shot: AttackPick | null = null;
    if (shooter && has('volley')) shot = bestVolley(s, w, a.aimed, this.mv, this.W);
    // A Unique Action that inflicts hits (Hex Bolt replaces the Volley, R40): when worth more than the shot, Aimed! or not.
    if (u && u.value > 0 && !isHeal(s, w, u)) {
      const aimed = shot && !a.aimed && has('takeAim') && a.actionsLeft >= 2 ? bestVolley(s, w, true, this.mv, this.W) : shot;
      const charge = has('charge') && a.actionsLeft >= 2 ? this.chargePick(s, w) : null;
      if ((!aimed || u.value >= aimed.value) && (!charge || u.value >= charge.value * (0.5 + o.aggression))) {
        return this.unique(u, aimed ? `; the volley ${num(aimed.value)}` : '', note);
      }
    }
    if (shot) {
      // Take Aim first, even with an enemy near: an Aimed! Volley (R15) is worth more than a Volley and a step back
      // (aiming only out of charge reach won 60.7% against aggressive and objective over 13 scenarios, always 64.7%).
      if (o.tactics && has('takeAim') && !a.aimed && a.actionsLeft >= 2) {
        note?.(`take aim: +1 Barrage for the volley at ${targetLabel(s, shot.target)}`);
        return { type: 'takeAim' };
      }
      note?.(`volley ${targetLabel(s, shot.target)}, P(slain) ${shot.slain.toFixed(2)}, worth ${num(shot.value)}`);
      return { type: 'volley', target: shot.target };
    }
    let g: Readonly<Goal> | null = null;
    if (has('charge') && (a.actionsLeft >= 2 || o.aggression >= 0.8)) {
      const c = this.chargePick(s, w);
      // A charge is worth it when the fight is worth more than the goal (a held place keeps its warriors).
      g = this.goals.goal(s, w, me, note !== undefined);
      const holdWorth = g.hold ? W.vp * o.objective * (o.holdCharge ?? GOAL_DEFAULTS.holdCharge) : 0;
      if (c && c.value * (0.5 + o.aggression) > holdWorth) {
        note?.(`charge ${targetLabel(s, c.target)}, P(slain) ${c.slain.toFixed(2)}, worth ${num(c.value)}${holdWorth > 0 ? `; holding ${num(holdWorth)}` : ''}`);
        return { type: 'charge', target: c.target };
      }
    }
    g ??= this.goals.goal(s, w, me, note !== undefined);
    if (g.hold) {
      note?.(`hold ${goalLabel(s, g).replace(/^hold /, '')}: its weight is needed there`);
      return { type: 'end' };
    }
    const moved = has('march') ? this.move(s, w, d, me, g, note) : null;
    if (moved) return moved;
    // No March worth taking: a Unique Action left (a heal with one action), else end.
    if (u && u.value > 0) return this.unique(u, '', note);
    return { type: 'end' };
  }

  /**
   * The best Charge whose straight line reaches its target (R18: a base or
   * terrain in the way stops it short, and nothing is charged): Clash odds
   * Inspired! (a Charge inspires), markers by their worth.
   */
  chargePick(s: State, w: Warrior): AttackPick | null {
    return bestCharge(
      s,
      w,
      (i) => this.mv(i),
      this.W,
      (t) => chargeLands(s, w, t),
    );
  }

  /**
   * A March towards the goal, stopped where the threat map says the rest of
   * the way costs more than it gains (tactics), or a fall-back for a shooter
   * an enemy could charge. Null when no March would move at least MIN_MARCH
   * or staying is worth as much (the caller ends the activation).
   */
  private move(s: State, w: Warrior, d: ActionDecision, me: PlayerIndex, g: Readonly<Goal>, note: Note): ActionChoice | null {
    this.planned.end = null;
    const pick = this.moveTowards(s, w, d, me, g, note);
    const p = this.planned;
    if (p.end && g.what !== '' && counting()) noteMove(s, w, me, p.x, p.y, p.end, MIN_MARCH, pick === null);
    return pick;
  }

  /** The March move() worked out last, towards (x, y) (for the jam counts, jams.ts). */
  private readonly planned = { x: 0, y: 0, end: null as MarchEnd | null };

  private moveTowards(s: State, w: Warrior, d: ActionDecision, me: PlayerIndex, g: Readonly<Goal>, note: Note): ActionChoice | null {
    const o = this.o;
    const allowance = d.marchAllowance;
    const shooter = w.profile.barrage !== undefined && w.profile.barrage !== null;
    let tx = g.x;
    let ty = g.y;
    // A shooter after an enemy closes to 0.8 of its range, no nearer.
    if (shooter && o.tactics && g.what === 'enemy' && g.enemy) {
      const f = g.enemy;
      const want = norm(f.x - w.x, f.y - w.y) - w.r - f.r - w.profile.barrage!.range * 0.8;
      if (want < MIN_MARCH) {
        note?.(`stay: ${warriorName(s, f.id)} is within 0.8 of the range`);
        return null;
      }
      const k = Math.min(allowance, want) / norm(f.x - w.x, f.y - w.y);
      tx = w.x + (f.x - w.x) * k;
      ty = w.y + (f.y - w.y) * k;
    }
    let end = moveEnd(s, w, tx, ty, allowance);
    // Where the March aims: the goal, or (tactics) a step aside when a base stops it short and the planner
    // finds no way round (a rank jammed behind its own front, or a base too close to plan from).
    let mx = tx;
    let my = ty;
    let sidestep = false;
    let roundabout = false;
    if (o.tactics && end.travelled < MIN_MARCH && stoppedShort(s, w, tx, ty, end)) {
      const a = aside(s, w, tx, ty, allowance);
      if (a) {
        end = a.end;
        mx = a.x;
        my = a.y;
        sidestep = true;
      } else if (friendsStop(s, w, end)) {
        // Its own side's bases stop it: the rank ahead moves on as a rule, so the long way round is taken only
        // when they stopped it in its previous activation too (the round before).
        const stuck = memoryOf(s, STUCK);
        if (stuck.s !== s) {
          stuck.s = s;
          stuck.round.clear();
        }
        const again = stuck.round.get(w.id) === s.round - 1;
        stuck.round.set(w.id, s.round);
        const way = again ? detour(s, w, tx, ty, allowance) : null;
        if (way && way.travelled >= MIN_MARCH) {
          end = way;
          mx = way.x;
          my = way.y;
          roundabout = true;
        }
      }
    }
    this.planned.x = tx;
    this.planned.y = ty;
    this.planned.end = end;
    const walked = end.travelled;
    const map = o.tactics ? this.map.prepare(s, w, allowance, this.W) : null;
    if (!map || !map.any) {
      if (walked < MIN_MARCH) {
        note?.(`stay: a March towards ${goalLabel(s, g)} would move ${num(walked)}" (stopped by ${end.stoppedBy})`);
        return null;
      }
      // No enemy could reach anywhere the March could end, nor be struck from there: the whole way is best.
      note?.(
        `${sidestep ? 'step aside' : 'advance'} to ${goalReason(s, g)}${map ? '; no enemy in reach' : ''}${sidestep ? ': the way on is blocked by bases' : roundabout ? ': the long way round, its own ranks blocked it last round too' : end.via.length > 0 ? ', around what stands in the way' : ''}`,
      );
      return whole(mx, my, end);
    }
    const caution = this.caution(s, me);
    // Tactics: each stop along the way, and a fall-back, scored as what the goal is worth from there (fading
    // with the walk left), what w could strike from there, less the threat map's expected loss there.
    const marchStat = Math.max(1, w.profile.march);
    const total = g.what === '' ? 0 : Math.max(0, travel(s, w, tx, ty) - (g.place ? g.place.radius : 0));
    const score = (x: number, y: number, left: number): number => g.worth * fade(left, marchStat) + 0.5 * o.aggression * map.strike(x, y) - caution * map.at(x, y);
    // The walk left from a stop f of the way: a step aside gains only what it brings the goal nearer.
    const leftAt = (x: number, y: number, f: number): number => Math.max(0, sidestep ? total - (norm(tx - w.x, ty - w.y) - norm(tx - x, ty - y)) : total - f * walked);
    const stay = score(w.x, w.y, total);
    const stayThreat = map.at(w.x, w.y);
    let best = stay;
    let pick: ActionChoice | null = null;
    let how = '';
    if (walked >= MIN_MARCH) {
      for (const f of STOPS) {
        if (f * walked < MIN_MARCH) break;
        const along = f === 1 ? null : alongWalk(w, end, f * walked);
        const p = along ?? end;
        const v = score(p.x, p.y, leftAt(p.x, p.y, f));
        if (v > best + 1e-9) {
          best = v;
          pick = along === null ? whole(mx, my, end) : march(along.x, along.y, along.path);
          how = `${sidestep ? 'step aside' : roundabout ? 'the long way round' : 'advance'}${f === 1 ? '' : ` ${Math.round(f * 100)}% of the way`}`;
        }
      }
    }
    // Fall back from the nearest enemy when its threat here is real: straight away from it, as far as that goes.
    const foe = nearestFoe(s, w);
    if (foe && stayThreat > 0 && (shooter || stay < 0)) {
      const back = fallBackFrom(s, w, foe.foe, allowance) as { x: number; y: number };
      const r = leg(s, w, w.x, w.y, back.x, back.y, allowance, true);
      const bx = r.x;
      const by = r.y;
      const backed = norm(bx - w.x, by - w.y);
      if (backed >= MIN_MARCH) {
        const v = score(bx, by, total + backed);
        if (v > best + 1e-9) {
          best = v;
          pick = { type: 'march', x: bx, y: by };
          how = `fall back from ${warriorName(s, foe.foe.id)}`;
        }
      }
    }
    if (!pick) {
      const why = walked < MIN_MARCH ? `a March would move ${num(walked)}" (stopped by ${end.stoppedBy})` : `the way on costs more than it gains (threat ${num(map.at(end.x, end.y))} there)`;
      note?.(`stay towards ${goalLabel(s, g)}: ${why}; here ${num(stay)}, threat ${num(stayThreat)}`);
      return null;
    }
    const at = pick as { x: number; y: number };
    note?.(
      `${how} to ${goalLabel(s, g)}: worth ${num(best)} against ${num(stay)} staying; threat ${num(map.at(at.x, at.y))}${lastThreat.worst >= 0 ? ` (most from ${warriorName(s, lastThreat.worst)})` : ''}`,
    );
    return pick;
  }
}

/** Angles off the goal's way (degrees) and lengths (in base widths, 0: the whole allowance) of a step aside, in the order tried. */
const ASIDE_ANGLES = [45, -45, 90, -90];
const ASIDE_LENGTHS = [0, 1.5];

/** Bases this near, edge to edge, touch (a step aside tries straight away from them). */
const TOUCH = 0.01;

/**
 * A step aside for a March a base stops short with no way round: of the
 * Marches at 45 and 90 degrees off the way to (gx, gy), a whole allowance or
 * a base width and a half, the one that ends nearest (gx, gy), losing at most
 * an inch on staying; null when none moves MIN_MARCH. From there the straight
 * line or the planner opens the way on next time.
 */
export function aside(s: State, w: Warrior, gx: number, gy: number, allowance: number): { x: number; y: number; end: MarchEnd } | null {
  const d0 = norm(gx - w.x, gy - w.y);
  if (d0 < 1e-9) return null;
  const ux = (gx - w.x) / d0;
  const uy = (gy - w.y) / d0;
  // The ways tried: turned off the goal's way, then straight away from the bases w touches and from their middle
  // (a base pressed between two others may leave only there).
  const ways: number[] = [];
  for (const deg of ASIDE_ANGLES) {
    const c = Math.cos((deg * Math.PI) / 180);
    const sn = Math.sin((deg * Math.PI) / 180);
    ways.push(ux * c - uy * sn, ux * sn + uy * c);
  }
  let mx = 0;
  let my = 0;
  for (const o of s.warriors) {
    if (o.id === w.id || o.status !== 'table' || norm(o.x - w.x, o.y - w.y) - o.r - w.r > TOUCH) continue;
    const d = norm(w.x - o.x, w.y - o.y) || 1;
    ways.push((w.x - o.x) / d, (w.y - o.y) / d);
    mx += (w.x - o.x) / d;
    my += (w.y - o.y) / d;
  }
  const m = norm(mx, my);
  if (m > 1e-9) ways.push(mx / m, my / m);
  let best: { x: number; y: number; end: MarchEnd } | null = null;
  let bestD = d0 + 1;
  for (let i = 0; i < ways.length; i += 2) {
    for (const k of ASIDE_LENGTHS) {
      const len = k === 0 ? allowance : Math.min(allowance, 2 * w.r * k);
      const x = w.x + ways[i] * len;
      const y = w.y + ways[i + 1] * len;
      const e = moveEnd(s, w, x, y, allowance);
      if (e.travelled < MIN_MARCH) continue;
      const d = norm(gx - e.x, gy - e.y);
      if (d < bestD - 1e-9) {
        best = { x, y, end: e };
        bestD = d;
      }
    }
  }
  return best;
}

/**
 * The whole March towards (x, y): along the route already walked when it
 * ended by reaching it or spending the allowance; otherwise (a base, the
 * edge, an Engagement Range stopped it) towards (x, y), for the engine to
 * walk again, so that a stop it would make at a hair's difference is not an
 * illegal path.
 */
function whole(x: number, y: number, end: Readonly<MarchEnd>): ActionChoice {
  const clean = end.stoppedBy === 'destination' || end.stoppedBy === 'distance';
  return clean && end.via.length > 0
    ? march(
        end.x,
        end.y,
        end.via.map(([a, b]) => ({ x: a, y: b })),
      )
    : { type: 'march', x, y };
}

/** A March to (x, y) along the route already walked (R41: the engine checks it, and need not plan it again). */
function march(x: number, y: number, path: { x: number; y: number }[]): ActionChoice {
  return path.length > 0 ? { type: 'march', x, y, path } : { type: 'march', x, y };
}

/** Rounds before the last in which the score changes caution (standing). */
const LATE_ROUNDS = 2;

/**
 * How the score changes the worth of safety: in the last rounds a side ahead
 * keeps what it has (more caution), a side level or behind gains nothing by
 * waiting (a draw or a loss either way) and takes the fight (less). Ahead is
 * by VP, then by what each side has slain: the points slain where the
 * scenario scores them (annihilation's VP come at the end), else the worth.
 */
function standing(s: State, me: PlayerIndex): number {
  // From the third round before the end (the turtle in annihilation: 64.6% -> 69.3%, 16 draws of 96 -> 3).
  const left = s.match.scenario.rounds - s.round;
  if (left > LATE_ROUNDS) return 1;
  const you = me === 0 ? 1 : 0;
  let lead = s.vp[me] - s.vp[you];
  if (lead === 0) {
    // The score itself is in points there: the one place a bot reads a price.
    const scored = s.match.scenario.vpRules.some((r) => r.rule === 'pointsSlain');
    for (const w of s.warriors) {
      if (w.status !== 'slain') continue;
      const v = scored ? w.points : warriorWorth(s, w);
      lead += w.player === you ? v : -v;
    }
  }
  return lead > 0 ? 1.5 : 0.4;
}

/** Whether a Unique Action pick heals (the other kind inflicts hits). */
function isHeal(s: State, w: Warrior, u: UniquePick): boolean {
  const def = s.match.uniqueActionDefs[w.player].find((x) => x.name === u.name);
  return def?.effect.kind === 'heal';
}
