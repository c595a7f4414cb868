import type { Roster } from '../army/types.js';
import { circleWhollyWithinUnion, lineOfSight } from '../board/index.js';
import { childRng, seededDice } from '../dice/index.js';
import type { Dice } from '../dice/types.js';
import type { Ruleset } from '../rules/ruleset.js';
import { victoryPhase } from '../scenarios/index.js';
import type { ControlRule, Scenario } from '../scenarios/types.js';
import { COMMON_ABILITIES } from './abilities.js';
import { duelPlacement } from './duel.js';
import { IllegalChoiceError, actionList, engagedIn, legalMask, marchAllowance, onlyEnd, performAction } from './actions.js';
import { becomeBroken, slay, warriorLabel } from './combat.js';
import type { Ctx } from './combat.js';
import { controlWarriors } from './control.js';
import { emptyTally } from '../scenarios/index.js';
import { placeOnTable, takeOffTable } from './grid.js';
import { cloneState, copyScenarioState, copyState, createState, scratchScenarioState } from './setup.js';
import { gap, overlapsBase } from './space.js';
import type { Choice, Decision, EndReason, GameEvent, GameResult, GameState, PlayerIndex, Warrior } from './types.js';

/** Counts the d6 a dice source rolls (seededDice counts already). */
function countRolls(dice: Dice): Dice & { rolled: number } {
  if ('rolled' in dice && typeof (dice as { rolled: unknown }).rolled === 'number') return dice as Dice & { rolled: number };
  const counted = {
    rolled: 0,
    d6(): number {
      counted.rolled++;
      return dice.d6();
    },
  };
  return counted;
}

const other = (p: PlayerIndex): PlayerIndex => (p === 0 ? 1 : 0);

/** Who holds each zone and capture point, as one string (compared before and after a Victory Phase). */
function holders(s: GameState): string {
  return `${s.scenarioState.zoneSeizedBy.join()}|${s.scenarioState.capturePoints.map((p) => p.controlledBy).join()}`;
}

export interface CreateGameOptions {
  armies: [Roster, Roster];
  scenario: Scenario;
  control?: ControlRule;
  ruleset: Ruleset;
  seed: string;
  onEvent?: (event: GameEvent) => void;
  /** Replaces the seeded dice stream, e.g. scriptedDice in tests. */
  dice?: Dice;
}

/**
 * One game as a pull machine (DESIGN.md): `pending()` is the decision the
 * engine waits for, `apply(choice)` makes it and runs every automatic step
 * up to the next decision. All state is the plain `state`; the Game adds
 * only the dice stream and the event listener.
 */
export class Game {
  readonly state: GameState;
  private readonly ctx: Ctx;
  /** victoryEndsGame's copy of the scenario state, which the Victory Phase changes (refilled each call). */
  private readonly scored = scratchScenarioState();

  private constructor(state: GameState, dice: Dice, onEvent: ((e: GameEvent) => void) | null) {
    this.state = state;
    this.ctx = { s: state, dice: countRolls(dice), emit: onEvent };
  }

  static create(opts: CreateGameOptions): Game {
    const state = createState({
      armies: opts.armies,
      scenario: opts.scenario,
      control: opts.control ?? 'first-blood',
      ruleset: opts.ruleset,
      setupRng: childRng(opts.seed, 'setup'),
    });
    const game = new Game(state, opts.dice ?? seededDice(childRng(opts.seed, 'dice')), opts.onEvent ?? null);
    game.ctx.emit?.({
      type: 'gameStart',
      seed: opts.seed,
      armies: state.match.armyNames,
      scenario: opts.scenario.id,
      terrain: state.match.terrain.length,
    });
    game.startDeployment();
    return game;
  }

  /**
   * An independent copy for search: its dice are re-seeded from `diceSeed`
   * (drawn from the searcher's own stream), so it cannot see future rolls.
   */
  clone(diceSeed: string): Game {
    return Game.fork(this.state, diceSeed);
  }

  /**
   * The forward model of a policy (GameView.fork): an independent game from
   * any state, shared immutable data aside (profiles, scenario, terrain). Its
   * dice are re-seeded from `diceSeed` and it has no listener, so its play
   * neither sees the live game's future rolls nor narrates into it.
   */
  static fork(state: Readonly<GameState>, diceSeed: string): Game {
    return new Game(cloneState(state as GameState), seededDice(childRng(diceSeed, 'dice')), null);
  }

  /**
   * Game.fork without allocating a new state: makes `into` (a fork of the
   * same game, e.g. the last playout's) a fork of `state` again, by copyState
   * into its own arrays, its dice re-seeded from `diceSeed`, no listener. It
   * then plays exactly as Game.fork(state, diceSeed) would (copyState forgets
   * what was worked out from its old position).
   */
  static forkInto(into: Game, state: Readonly<GameState>, diceSeed: string): Game {
    copyState(into.state, state);
    into.ctx.dice = countRolls(seededDice(childRng(diceSeed, 'dice')));
    into.ctx.emit = null;
    return into;
  }

  /** d6 rolled so far by this game's dice stream. */
  get diceRolled(): number {
    return this.ctx.dice.rolled;
  }

  pending(): Decision | null {
    return this.state.decision;
  }

  apply(choice: Choice): void {
    const s = this.state;
    const d = s.decision;
    if (!d) throw new IllegalChoiceError('the game is over');
    if (choice.kind !== d.kind) throw new IllegalChoiceError(`expected a ${d.kind} choice, got ${choice.kind}`);
    s.decision = null;
    s.decisions++;
    try {
      this.applyChoice(d, choice);
    } catch (e) {
      s.decision = d; // an illegal choice changes nothing that matters: the same decision stands
      s.decisions--;
      throw e;
    }
    if (s.decisions >= s.match.ruleset.maxDecisionsPerGame && s.phase !== 'over') this.end('stalled', true);
  }

  // -------------------------------------------------------------- deployment (R30)

  private startDeployment(): void {
    const s = this.state;
    s.phase = 'deploy';
    const dice = this.ctx.dice;
    let a = dice.d6();
    let b = dice.d6();
    while (a === b) {
      a = dice.d6();
      b = dice.d6();
    }
    const chooser: PlayerIndex = a < b ? 0 : 1;
    this.ctx.emit?.({ type: 'rollOff', rolls: [a, b], chooser });
    s.decision = { kind: 'deployFirst', player: chooser };
  }

  private toDeploy(p: PlayerIndex): number[] {
    const s = this.state;
    const out: number[] = [];
    for (let i = 0; i < s.regiments.length; i++) {
      const r = s.regiments[i];
      if (r.player === p && !r.reinforcement && s.warriors[r.warriors[0]].status === 'reserve') out.push(i);
    }
    return out;
  }

  private nextDeployment(): void {
    const s = this.state;
    let p = s.turn;
    if (this.toDeploy(p).length === 0) p = other(p);
    const regs = this.toDeploy(p);
    if (regs.length === 0) {
      this.startRound(1);
      return;
    }
    s.turn = p;
    s.decision = { kind: 'deploy', player: p, regiments: regs, zones: s.match.deploymentZones[p] };
  }

  private deploy(p: PlayerIndex, regIndex: number, positions: { x: number; y: number }[]): void {
    const s = this.state;
    if (!this.toDeploy(p).includes(regIndex)) throw new IllegalChoiceError(`regiment ${regIndex} cannot be deployed now`);
    const reg = s.regiments[regIndex];
    if (positions.length !== reg.warriors.length) {
      throw new IllegalChoiceError(`regiment ${reg.id} has ${reg.warriors.length} warriors, got ${positions.length} positions`);
    }
    const zones = s.match.deploymentZones[p];
    const placed: Warrior[] = [];
    try {
      for (let i = 0; i < positions.length; i++) {
        const w = s.warriors[reg.warriors[i]];
        const { x, y } = positions[i];
        if (!circleWhollyWithinUnion({ x, y, r: w.r }, zones)) {
          throw new IllegalChoiceError(`${warriorLabel(w)} at (${x.toFixed(2)}, ${y.toFixed(2)}) is not wholly within the deployment zone`);
        }
        if (overlapsBase(s, w, x, y)) {
          throw new IllegalChoiceError(`${warriorLabel(w)} at (${x.toFixed(2)}, ${y.toFixed(2)}) overlaps another base`);
        }
        placeOnTable(s, w, x, y);
        placed.push(w);
      }
    } catch (e) {
      for (const w of placed) takeOffTable(s, w, 'reserve');
      throw e;
    }
    this.ctx.emit?.({ type: 'deployed', player: p, regiment: reg.id, warriors: placed.length, x: positions[0].x, y: positions[0].y });
    s.turn = other(p);
    this.nextDeployment();
  }

  // -------------------------------------------------------------- the round

  private startRound(round: number): void {
    const s = this.state;
    s.round = round;
    s.woundsAtRoundStart = s.woundsDealt;
    for (const w of s.warriors) {
      w.activated = false;
      w.duel = -1; // a Duel lasts until the end of the round
    }
    for (const r of s.regiments) r.activated = false;
    s.abilities = [];
    s.silenced = [];
    this.ctx.emit?.({ type: 'roundStart', round });
    this.supremacy();
  }

  /** R20: the lower roll acts first; a tie is chosen by the player with fewer VP, or re-rolled. */
  private supremacy(): void {
    const s = this.state;
    const dice = this.ctx.dice;
    for (;;) {
      const a = dice.d6();
      const b = dice.d6();
      if (a !== b) {
        this.ctx.emit?.({ type: 'supremacy', rolls: [a, b], supremacy: a < b ? 0 : 1, tie: false });
        this.startCommandPhase(a < b ? 0 : 1);
        return;
      }
      if (s.match.ruleset.supremacyTie === 'fewerVpChooses' && s.vp[0] !== s.vp[1]) {
        s.phase = 'supremacy';
        s.decision = { kind: 'supremacyTie', player: s.vp[0] < s.vp[1] ? 0 : 1 };
        return;
      }
    }
  }

  private startCommandPhase(supremacy: PlayerIndex): void {
    const s = this.state;
    s.supremacy = supremacy;
    s.phase = 'command';
    // R21: the Supremacy player's characters, then the other player's; R38: each player's
    // Regiment Leaders with Command Abilities of their own come after its characters.
    s.commandQueue = [];
    for (const p of [supremacy, other(supremacy)]) {
      for (const w of s.warriors) if (w.player === p && w.kind === 'character') s.commandQueue.push(w.id);
      for (const w of s.warriors) if (w.player === p && w.kind === 'leader' && w.profile.commandAbilities.length > 0) s.commandQueue.push(w.id);
    }
    this.nextCommand();
  }

  private abilitiesFor(c: Warrior, duelTargets: number[]): string[] {
    // R21: the common abilities are the characters'; R38: a leader has only its own.
    const out: string[] = c.kind === 'character' ? ['Rallying Cry', 'Press Forward'] : [];
    if (duelTargets.length > 0) out.push('Duel');
    for (const name of c.profile.commandAbilities) {
      if (this.state.match.commandAbilityDefs[c.player].some((d) => d.name === name)) out.push(name);
    }
    return out;
  }

  /** Duel: an enemy character within Command Range and line of sight, neither already duelling, that can be placed Engaged. */
  duelTargets(c: Warrior): number[] {
    const s = this.state;
    const out: number[] = [];
    if (c.duel >= 0 || c.kind !== 'character') return out;
    for (const e of s.warriors) {
      if (e.kind !== 'character' || e.player === c.player || e.status !== 'table' || e.duel >= 0) continue;
      if (gap(c, e) > c.profile.commandRange + 1e-9) continue;
      const los = lineOfSight({
        shooter: { x: c.x, y: c.y, r: c.r, size: c.profile.size },
        target: { x: e.x, y: e.y, r: e.r, size: e.profile.size },
        warriors: [],
        terrain: s.match.preparedTerrain,
      });
      if (los.blocked) continue;
      if (this.duelPlacement(c, e) || this.duelPlacement(e, c)) out.push(e.id);
    }
    return out;
  }

  /** R42: where `mover` goes to be Engaged with `target` by the shortest distance, or null if it cannot be placed. */
  private duelPlacement(mover: Warrior, target: Warrior): { x: number; y: number } | null {
    return duelPlacement(this.state, mover, target);
  }

  private nextCommand(): void {
    const s = this.state;
    while (s.commandQueue.length > 0) {
      const id = s.commandQueue.shift()!;
      const c = s.warriors[id];
      // A Broken! character cannot perform Command Abilities (R11); nor one that declined a Duel.
      if (c.status !== 'table' || c.broken || s.silenced.includes(id)) continue;
      const duelTargets = this.duelTargets(c);
      s.decision = { kind: 'commandAbility', player: c.player, character: id, abilities: this.abilitiesFor(c, duelTargets), duelTargets };
      return;
    }
    this.startActionPhase();
  }

  private commandAbility(d: Extract<Decision, { kind: 'commandAbility' }>, ability: string | null, target: number | undefined): void {
    const s = this.state;
    const c = s.warriors[d.character];
    if (ability === null) {
      this.nextCommand();
      return;
    }
    if (!d.abilities.includes(ability)) throw new IllegalChoiceError(`${warriorLabel(c)} cannot perform ${ability} (options: ${d.abilities.join(', ')})`);
    if (ability === 'Duel') {
      if (target === undefined || !d.duelTargets.includes(target)) throw new IllegalChoiceError(`Duel: ${target} is not a valid target`);
      const t = s.warriors[target];
      if (t.broken) {
        // A Broken! character can never decline a Duel.
        this.startDuel(c, t);
        this.nextCommand();
        return;
      }
      s.decision = { kind: 'duelResponse', player: t.player, character: t.id, challenger: c.id };
      return;
    }
    const def = COMMON_ABILITIES.includes(ability as (typeof COMMON_ABILITIES)[number]) ? null : s.match.commandAbilityDefs[c.player].find((d) => d.name === ability)!;
    s.abilities.push({ name: ability, source: c.id, player: c.player, def });
    let affected = 0;
    if (ability === 'Rallying Cry') {
      // All Broken! friendly warriors within Command Range immediately Rally.
      for (const w of s.warriors) {
        if (w.player === c.player && w.status === 'table' && w.broken && gap(c, w) <= c.profile.commandRange + 1e-9) {
          w.broken = false;
          affected++;
          this.ctx.emit?.({ type: 'status', warrior: warriorLabel(w), status: 'rallied' });
        }
      }
    } else if (def && def.effect.kind === 'heal') {
      for (const w of s.warriors) {
        if (w.player === c.player && w.status === 'table' && w.markers > 0 && (w === c || gap(c, w) <= c.profile.commandRange + 1e-9) && (c.kind !== 'leader' || w.regiment === c.regiment)) {
          const healed = Math.min(def.effect.wounds, w.markers);
          w.markers -= healed;
          affected++;
          this.ctx.emit?.({ type: 'healed', warrior: warriorLabel(w), wounds: healed });
        }
      }
    }
    this.ctx.emit?.({ type: 'commandAbility', player: c.player, character: warriorLabel(c), ability, affected });
    this.nextCommand();
  }

  private startDuel(c: Warrior, t: Warrior): void {
    const pos = this.duelPlacement(c, t);
    if (pos) {
      placeOnTable(this.state, c, pos.x, pos.y);
    } else {
      const p2 = this.duelPlacement(t, c)!;
      placeOnTable(this.state, t, p2.x, p2.y);
    }
    c.duel = t.id;
    t.duel = c.id;
    this.ctx.emit?.({ type: 'duel', challenger: warriorLabel(c), target: warriorLabel(t), accepted: true });
    this.ctx.emit?.({ type: 'commandAbility', player: c.player, character: warriorLabel(c), ability: 'Duel', target: warriorLabel(t), affected: 1 });
  }

  private duelResponse(charId: number, challengerId: number, accept: boolean): void {
    const s = this.state;
    const t = s.warriors[charId];
    const c = s.warriors[challengerId];
    if (accept) {
      this.startDuel(c, t);
    } else {
      // Declined: the enemy character becomes Broken! and performs no Command Ability this phase.
      this.ctx.emit?.({ type: 'duel', challenger: warriorLabel(c), target: warriorLabel(t), accepted: false });
      becomeBroken(this.ctx, t, null);
      s.silenced.push(t.id);
    }
    this.nextCommand();
  }

  // -------------------------------------------------------------- the action phase (R19)

  private startActionPhase(): void {
    const s = this.state;
    s.phase = 'action';
    s.turn = s.supremacy;
    this.nextCard();
  }

  /** Whether a regiment's Command Card can be chosen: it has a warrior to activate. */
  /**
   * Whether w can be activated with its card now: not yet activated, and on
   * the table or waiting in Reinforcements when they may enter (R30). A card
   * whose warriors are all slain offers none: that is the Victory Phase's
   * "remove spent Command Cards".
   */
  private mayActivate(w: Warrior): boolean {
    const s = this.state;
    if (w.activated) return false;
    if (w.status === 'table') return true;
    return w.status === 'reserve' && s.regiments[w.regiment].reinforcement && s.round >= s.match.ruleset.reinforcements.firstRound;
  }

  private cardAvailable(regIndex: number): boolean {
    const r = this.state.regiments[regIndex];
    return !r.activated && this.waiting(regIndex) > 0;
  }

  /** How many of the regiment's warriors may still activate this round. */
  private waiting(regIndex: number): number {
    const ids = this.state.regiments[regIndex].warriors;
    let n = 0;
    for (let i = 0; i < ids.length; i++) if (this.mayActivate(this.state.warriors[ids[i]])) n++;
    return n;
  }

  private toActivate(regIndex: number): number[] {
    return this.state.regiments[regIndex].warriors.filter((id) => this.mayActivate(this.state.warriors[id]));
  }

  private cardsFor(p: PlayerIndex): number[] {
    const s = this.state;
    const out: number[] = [];
    for (let i = 0; i < s.regiments.length; i++) if (s.regiments[i].player === p && this.cardAvailable(i)) out.push(i);
    return out;
  }

  private nextCard(): void {
    const s = this.state;
    if (this.checkWipeOut()) return;
    let p = s.turn;
    let cards = this.cardsFor(p);
    if (cards.length === 0) {
      // A player with no cards left passes (R19).
      p = other(p);
      cards = this.cardsFor(p);
    }
    if (cards.length === 0) {
      this.victory();
      return;
    }
    s.turn = p;
    s.decision = { kind: 'commandCard', player: p, regiments: cards };
  }

  private chooseCard(p: PlayerIndex, regIndex: number): void {
    const s = this.state;
    if (s.regiments[regIndex]?.player !== p || !this.cardAvailable(regIndex)) throw new IllegalChoiceError(`card ${regIndex} cannot be chosen`);
    s.regiments[regIndex].activated = true;
    s.card = regIndex;
    this.ctx.emit?.({ type: 'commandCard', player: p, regiment: s.regiments[regIndex].id });
    this.nextWarrior();
  }

  private nextWarrior(): void {
    const s = this.state;
    if (this.checkWipeOut()) return;
    const n = this.waiting(s.card);
    if (n === 0) {
      s.card = -1;
      s.turn = other(s.turn);
      this.nextCard();
      return;
    }
    const ids = this.toActivate(s.card);
    if (n === 1) {
      this.activate(ids[0]);
      return;
    }
    s.decision = { kind: 'selectWarrior', player: s.regiments[s.card].player, regiment: s.card, warriors: ids };
  }

  private activate(id: number): void {
    const s = this.state;
    const w = s.warriors[id];
    w.activated = true;
    s.activation = {
      warrior: id,
      actionsLeft: s.match.ruleset.actionsPerActivation,
      used: 0,
      uniques: 0,
      marches: 0,
      charged: false,
      inspired: false,
      aimed: false,
      ended: false,
    };
    this.ctx.emit?.({ type: 'activate', player: w.player, warrior: warriorLabel(w) });
    this.nextAction();
  }

  private nextAction(): void {
    const s = this.state;
    const a = s.activation!;
    const w = s.warriors[a.warrior];
    if (this.checkWipeOut()) return;
    if (a.actionsLeft <= 0 || a.ended || w.status === 'slain') {
      s.activation = null;
      this.nextWarrior();
      return;
    }
    const march = marchAllowance(s, w, a);
    const m = legalMask(s, w, a, march);
    if (onlyEnd(m)) {
      // Only 'end' is left.
      s.activation = null;
      this.nextWarrior();
      return;
    }
    s.decision = { kind: 'action', player: w.player, warrior: w.id, legal: actionList(m), engaged: engagedIn(m), marchAllowance: march };
  }

  // -------------------------------------------------------------- the victory phase

  private victory(): void {
    const s = this.state;
    s.phase = 'victory';
    const lastRound = s.round >= s.match.scenario.rounds;
    // R30, R40: regiments still off the table when the game ends, however it ends, count as destroyed
    // in its last Victory Phase: the last round's, or one that ends the game (known from a trial run).
    if (s.alive[0] + s.alive[1] > this.onTable() && (lastRound || this.victoryEndsGame())) {
      for (const w of s.warriors) if (w.status === 'reserve') slay(this.ctx, w);
    }
    const heldBefore = holders(s);
    const out = victoryPhase({
      scenario: s.match.scenario,
      state: s.scenarioState,
      round: s.round,
      warriors: controlWarriors(s),
      tally: s.tally,
      control: s.match.control,
      ruleset: s.match.ruleset,
    });
    // The scenario state keeps the totals (rounded as they add up, and Tug-of-War's instant win).
    s.vp[0] = s.scenarioState.vp[0];
    s.vp[1] = s.scenarioState.vp[1];
    // Passivity: nothing hurt, nothing scored, nothing changed hands this round.
    if (s.woundsDealt === s.woundsAtRoundStart && out.vp[0] === 0 && out.vp[1] === 0 && holders(s) === heldBefore) s.passiveRounds++;
    this.ctx.emit?.({
      type: 'victoryPhase',
      round: s.round,
      gained: [out.vp[0], out.vp[1]],
      vp: [s.vp[0], s.vp[1]],
      detail: out.detail.map((l) => `P${l.player + 1} +${Math.round(l.vp * 100) / 100}: ${l.why}`),
    });
    s.tally = emptyTally();
    if (out.instantWinner !== null) {
      this.end('instantWin', false, out.instantWinner);
      return;
    }
    // R28: a threshold reached at the end of a Victory Phase ends the game; so does the last round.
    const t = s.match.scenario.vpThreshold;
    if (t !== null && (s.vp[0] >= t || s.vp[1] >= t)) {
      this.end('vpThreshold', false);
      return;
    }
    if (lastRound) {
      this.end('lastRound', false);
      return;
    }
    this.startRound(s.round + 1);
  }

  /** Warriors on the table, both players. */
  private onTable(): number {
    let n = 0;
    for (const w of this.state.warriors) if (w.status === 'table') n++;
    return n;
  }

  /**
   * Whether this Victory Phase ends the game by an instant win or the VP
   * threshold (R28), scored on a copy. Counting the Reinforcements as
   * destroyed only adds VP, so it ends the game all the same.
   */
  private victoryEndsGame(): boolean {
    const s = this.state;
    const out = victoryPhase({
      scenario: s.match.scenario,
      state: copyScenarioState(this.scored, s.scenarioState),
      round: s.round,
      warriors: controlWarriors(s),
      tally: s.tally,
      control: s.match.control,
      ruleset: s.match.ruleset,
    });
    const t = s.match.scenario.vpThreshold;
    return out.instantWinner !== null || (t !== null && (s.vp[0] + out.vp[0] >= t || s.vp[1] + out.vp[1] >= t));
  }

  /** R28: a player with no warriors on the table and none left in Reinforcements loses at once. */
  private checkWipeOut(): boolean {
    const s = this.state;
    if (s.phase !== 'action' && s.phase !== 'command') return false;
    const alive0 = s.alive[0] > 0;
    const alive1 = s.alive[1] > 0;
    if (alive0 && alive1) return false;
    s.activation = null;
    this.end('wipeOut', false, alive0 && !alive1 ? 0 : !alive0 && alive1 ? 1 : null);
    return true;
  }

  private end(reason: EndReason, stalled: boolean, winner?: PlayerIndex | null): void {
    const s = this.state;
    let w: PlayerIndex | null;
    if (winner !== undefined) w = winner;
    else w = s.vp[0] > s.vp[1] ? 0 : s.vp[1] > s.vp[0] ? 1 : null;
    const lost: [number, number] = [0, 0];
    const points: [number, number] = [0, 0];
    for (const x of s.warriors) {
      // R40: warriors still in Reinforcements at the end count as destroyed, however the game ends.
      if (x.status !== 'table') {
        lost[x.player]++;
        points[x.player] += x.points;
      }
    }
    const result: GameResult = {
      winner: w,
      vp: [s.vp[0], s.vp[1]],
      rounds: s.round,
      endReason: reason,
      warriorsLost: lost,
      pointsDestroyed: [Math.round(points[0] * 100) / 100, Math.round(points[1] * 100) / 100],
      stalled,
      passiveRounds: s.passiveRounds,
      actions: s.actions,
      diceRolled: this.ctx.dice.rolled,
    };
    s.phase = 'over';
    s.decision = null;
    s.result = result;
    this.ctx.emit?.({ type: 'gameEnd', result });
  }

  // -------------------------------------------------------------- dispatch

  private applyChoice(d: Decision, c: Choice): void {
    const s = this.state;
    switch (d.kind) {
      case 'deployFirst': {
        const ch = c as Extract<Choice, { kind: 'deployFirst' }>;
        if (ch.first !== 0 && ch.first !== 1) throw new IllegalChoiceError('deployFirst: first must be 0 or 1');
        this.ctx.emit?.({ type: 'deployFirst', player: ch.first });
        s.turn = ch.first;
        this.nextDeployment();
        return;
      }
      case 'deploy': {
        const ch = c as Extract<Choice, { kind: 'deploy' }>;
        this.deploy(d.player, ch.regiment, ch.positions);
        return;
      }
      case 'supremacyTie': {
        const ch = c as Extract<Choice, { kind: 'supremacyTie' }>;
        if (ch.supremacy !== 0 && ch.supremacy !== 1) throw new IllegalChoiceError('supremacy must be 0 or 1');
        this.ctx.emit?.({ type: 'supremacy', rolls: [0, 0], supremacy: ch.supremacy, tie: true });
        this.startCommandPhase(ch.supremacy);
        return;
      }
      case 'commandAbility': {
        const ch = c as Extract<Choice, { kind: 'commandAbility' }>;
        this.commandAbility(d, ch.ability, ch.target);
        return;
      }
      case 'duelResponse': {
        const ch = c as Extract<Choice, { kind: 'duelResponse' }>;
        this.duelResponse(d.character, d.challenger, ch.accept);
        return;
      }
      case 'commandCard': {
        const ch = c as Extract<Choice, { kind: 'commandCard' }>;
        this.chooseCard(d.player, ch.regiment);
        return;
      }
      case 'selectWarrior': {
        const ch = c as Extract<Choice, { kind: 'selectWarrior' }>;
        if (!d.warriors.includes(ch.warrior)) throw new IllegalChoiceError(`warrior ${ch.warrior} cannot activate now`);
        this.activate(ch.warrior);
        return;
      }
      case 'action': {
        const ch = c as Extract<Choice, { kind: 'action' }>;
        const a = s.activation!;
        performAction(this.ctx, s.warriors[a.warrior], a, ch.action, d.legal, d.marchAllowance);
        this.nextAction();
        return;
      }
    }
  }
}
