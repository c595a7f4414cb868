/** A uniform random source in [0, 1). Streams are seedrandom alea generators. */
export interface Rng {
  next(): number;
}

export type DieFace = 1 | 2 | 3 | 4 | 5 | 6;

/** The source of every d6 the engine rolls; a scripted one replays fixed results in tests. */
export interface Dice {
  /** One d6 result, 1..6. */
  d6(): number;
}

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
