/**
 * Small hand-made battles for engine tests: warriors placed where a test
 * says, on an empty 48"×48" table (or the terrain given), with scripted dice.
 */
import fc from 'fast-check';
import type { Roster, RosterRegiment, WarriorKind } from '../../src/army/types.js';
import type { TerrainPiece } from '../../src/board/types.js';
import { randomPolicy } from '../../src/bots/index.js';
import { childRng, scriptedDice } from '../../src/dice/index.js';
import type { Rng } from '../../src/dice/types.js';
import { Game } from '../../src/engine/index.js';
import type { ActionChoice, Decision, GameEvent, GameState, PlayerIndex, Policy, Warrior } from '../../src/engine/types.js';
import { DEFAULT_RULESET, type Ruleset } from '../../src/rules/ruleset.js';
import type { CommandAbilityDef, Profile, UniqueActionDef } from '../../src/rules/types.js';
import type { ObjectiveMarker, ObjectiveZone, Scenario, VpRule } from '../../src/scenarios/types.js';

export function profile(over: Partial<Profile> = {}): Profile {
  return {
    name: 'Spearman',
    role: 'Infantry',
    class: 'Medium',
    march: 5,
    volley: 1,
    clash: 2,
    attacks: 3,
    wounds: 1,
    resolve: 2,
    defense: 2,
    evasion: 0,
    size: 1,
    baseMm: 27,
    commandRange: 6,
    barrage: null,
    specialRules: [],
    commandAbilities: [],
    uniqueActions: [],
    ...over,
  };
}

export interface Placed {
  player: PlayerIndex;
  x: number;
  y: number;
  profile?: Partial<Profile>;
  kind?: WarriorKind;
  /** Warriors with the same key form one regiment (one Command Card); default: each its own. */
  regiment?: string;
  /** The regiment starts in Reinforcements (Flank). */
  reinforcement?: boolean;
}

export function testScenario(over: Partial<Scenario> = {}): Scenario {
  const whole = [{ rect: { x: 0, y: 0, w: 48, h: 48 } }];
  return {
    kind: 'scenario',
    id: 'test',
    name: 'Test',
    table: { width: 48, height: 48 },
    rounds: 6,
    vpThreshold: null,
    control: 'first-blood',
    objectiveZones: [] as ObjectiveZone[],
    objectiveMarkers: [] as ObjectiveMarker[],
    capturePoints: [],
    deployment: [whole, whole],
    reinforcement: [[{ edge: 'bottom', from: 0, to: 48 }], [{ edge: 'top', from: 0, to: 48 }]],
    vpRules: [{ rule: 'pointsSlain' }] as VpRule[],
    special: [],
    terrain: [],
    notes: [],
    ...over,
  };
}

export interface Skirmish {
  game: Game;
  s: GameState;
  /** Warrior ids in the order they were given. */
  ids: number[];
  events: GameEvent[];
  w(i: number): Warrior;
  /** Chooses the Command Card of warrior i's regiment and, if asked, warrior i. */
  activate(i: number): void;
  act(action: ActionChoice): void;
  dice: { remaining(): number };
}

/**
 * Sets up the battle and plays deployment: the roll-off (1 against 2: Player 1
 * chooses and deploys first) and Supremacy (1 against 2: Player 1) use the
 * first four dice, then `dice` follow.
 */
export function skirmish(opts: {
  warriors: Placed[];
  dice?: number[];
  terrain?: TerrainPiece[];
  scenario?: Partial<Scenario>;
  ruleset?: Partial<Ruleset>;
  supremacy?: PlayerIndex;
  /** Data-defined abilities both armies know (a profile still has to name them). */
  commandAbilities?: CommandAbilityDef[];
  uniqueActions?: UniqueActionDef[];
}): Skirmish {
  const army = (p: number): Roster => ({
    name: `Army ${p + 1}`,
    faction: 'test',
    pointsLimit: 1000,
    points: 0,
    regiments: [],
    commandAbilities: opts.commandAbilities ?? [],
    uniqueActions: opts.uniqueActions ?? [],
  });
  const rosters: [Roster, Roster] = [army(0), army(1)];
  const regOf = new Map<string, RosterRegiment>();
  const placement: { player: PlayerIndex; regId: string; index: number; x: number; y: number }[] = [];
  opts.warriors.forEach((pw, i) => {
    const key = `${pw.player}:${pw.regiment ?? `w${i}`}`;
    let reg = regOf.get(key);
    const prof = profile(pw.profile);
    if (!reg) {
      reg = {
        id: pw.regiment ?? `w${i}`,
        entry: prof.name,
        isCharacterRegiment: false,
        role: prof.role,
        class: prof.class,
        warriors: [],
        points: 0,
        reinforcement: pw.reinforcement ?? false,
      };
      regOf.set(key, reg);
      rosters[pw.player].regiments.push(reg);
    }
    const kind = pw.kind ?? 'trooper';
    if (kind === 'character') reg.isCharacterRegiment = true;
    reg.warriors.push({ profile: prof, kind, points: 10 });
    reg.points += 10;
    rosters[pw.player].points += 10;
    placement.push({ player: pw.player, regId: reg.id, index: reg.warriors.length - 1, x: pw.x, y: pw.y });
  });
  const sup = opts.supremacy ?? 0;
  const script = [1, 2, sup === 0 ? 1 : 2, sup === 0 ? 2 : 1, ...(opts.dice ?? [])];
  const dice = scriptedDice(script);
  const events: GameEvent[] = [];
  const game = Game.create({
    armies: rosters,
    scenario: testScenario({ ...(opts.scenario ?? {}), terrain: opts.terrain ?? [] }),
    ruleset: { ...DEFAULT_RULESET, ...(opts.ruleset ?? {}) },
    seed: 'test',
    dice,
    onEvent: (e) => events.push(e),
  });
  const s = game.state;
  game.apply({ kind: 'deployFirst', first: 0 });
  for (let d = game.pending(); d && d.kind === 'deploy'; d = game.pending()) {
    const regIndex = d.regiments[0];
    const reg = s.regiments[regIndex];
    const positions = reg.warriors.map((_, k) => {
      const p = placement.find((q) => q.player === d.player && q.regId === reg.id.split(':')[1] && q.index === k)!;
      return { x: p.x, y: p.y };
    });
    game.apply({ kind: 'deploy', regiment: regIndex, positions });
  }
  // Map input order to warrior ids.
  const ids = placement.map((p) => {
    const reg = s.regiments.find((r) => r.player === p.player && r.id === `${p.player + 1}:${p.regId}`)!;
    return reg.warriors[p.index];
  });
  const sk: Skirmish = {
    game,
    s,
    ids,
    events,
    dice,
    w: (i) => s.warriors[ids[i]],
    activate(i) {
      const w = s.warriors[ids[i]];
      const d = game.pending();
      if (!d || d.kind !== 'commandCard') throw new Error(`expected a commandCard decision, got ${d?.kind}`);
      game.apply({ kind: 'commandCard', regiment: w.regiment });
      const d2 = game.pending();
      if (d2 && d2.kind === 'selectWarrior') game.apply({ kind: 'selectWarrior', warrior: w.id });
    },
    act(action) {
      game.apply({ kind: 'action', action });
    },
  };
  return sk;
}

/**
 * Plays a game to its end with the random policy drawing from `rng`, calling
 * `visit` before each decision is made (`k` counts them): the loop of the
 * property tests that check the engine's state along real games.
 */
export function playRandomly(game: Game, rng: Rng, visit: (d: Decision, k: number) => void): void {
  let k = 0;
  for (let d = game.pending(); d; d = game.pending(), k++) {
    visit(d, k);
    game.apply(randomPolicy.choose({ state: game.state, me: d.player }, d, rng));
  }
}

/** Plays `game` with `policy` on both sides until `stop` holds for the pending decision; that decision (null: the game ended). */
export function playUntil(game: Game, policy: Policy, rng: Rng, stop: (d: Decision) => boolean): Decision | null {
  let d = game.pending();
  while (d && !stop(d)) {
    game.apply(policy.choose({ state: game.state, me: d.player }, d, rng));
    d = game.pending();
  }
  return d;
}

/**
 * A fast-check property over random games: `check` gets the game of `armies`
 * on a drawn scenario and seed, and a policy stream of that seed, to play it
 * (playRandomly) and assert along the way.
 */
export function forRandomGames(opts: { armies: [Roster, Roster]; scenarios: Scenario[]; numRuns: number }, check: (game: Game, rng: Rng) => void): void {
  fc.assert(
    fc.property(fc.integer({ min: 0, max: opts.scenarios.length - 1 }), fc.string(), (sc, seed) => {
      const game = Game.create({ armies: opts.armies, scenario: opts.scenarios[sc], ruleset: DEFAULT_RULESET, seed });
      check(game, childRng(seed, 'p'));
    }),
    { numRuns: opts.numRuns },
  );
}

/** The legal actions of the pending decision, which must be an action's. */
export function legalNow(sk: Skirmish): readonly string[] {
  const d = sk.game.pending();
  if (d?.kind !== 'action') throw new Error(`expected an action decision, got ${d?.kind ?? 'none'}`);
  return d.legal;
}

/** The attacks among the events, in order. */
export function attacks(events: GameEvent[]) {
  return events.filter((e): e is Extract<GameEvent, { type: 'attack' }> => e.type === 'attack');
}

/** Plays the rest of the round doing nothing: first cards and warriors, every action 'end', no Command Ability. */
export function endRound(sk: Skirmish): void {
  const round = sk.s.round;
  for (let d = sk.game.pending(); d && sk.s.round === round; d = sk.game.pending()) {
    if (d.kind === 'commandCard') sk.game.apply({ kind: 'commandCard', regiment: d.regiments[0] });
    else if (d.kind === 'selectWarrior') sk.game.apply({ kind: 'selectWarrior', warrior: d.warriors[0] });
    else if (d.kind === 'action') sk.game.apply({ kind: 'action', action: { type: 'end' } });
    else if (d.kind === 'commandAbility') sk.game.apply({ kind: 'commandAbility', ability: null });
    else throw new Error(`unexpected ${d.kind}`);
  }
}
