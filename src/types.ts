/**
 * The few types every layer speaks: who a player is, why a game ended, why a
 * warrior is in its regiment, a die face and a rule that triggers on one. A
 * leaf module (it imports nothing), so the lowest folders can name them
 * without importing a folder above them; each folder's types.ts re-exports
 * the ones it has always offered.
 */

/** Player index: 0 is player 1 (the first seat, edge at y = 0), 1 is player 2 (edge at y = table height). */
export type PlayerIndex = 0 | 1;

/** Why a game ended (R28; `instantWin`: a scenario's own win condition; `stalled`: the ruleset's cap on decisions per game was reached). */
export type EndReason = 'vpThreshold' | 'lastRound' | 'wipeOut' | 'instantWin' | 'stalled';

/** Why a warrior is in its regiment; decides its seizing weight (R24) and VP rules. */
export type WarriorKind = 'character' | 'retinue' | 'officer' | 'leader' | 'standardBearer' | 'trooper';

export type DieFace = 1 | 2 | 3 | 4 | 5 | 6;

/**
 * R16: a special rule that triggers on a die face.
 * `on: 'attack'` reads attack dice, `on: 'block'` block dice.
 * 'reroll': the die is rolled again (once, R7); 'extraAttack': one more attack
 * die is rolled; 'extraBlock': one more block die is rolled.
 */
export interface FaceRule {
  on: 'attack' | 'block';
  face: DieFace;
  effect: 'reroll' | 'extraAttack' | 'extraBlock';
}
