import type { ControlWarrior } from '../scenarios/types.js';
import type { GameState, Warrior } from './types.js';

/**
 * What the control rules need of every warrior on the table (R24, R32, R33).
 * Characters, officers and retinue take their regiment's role and class (R32).
 */
export function controlWarriors(s: GameState): ControlWarrior[] {
  const alive = regimentsAlive(s);
  const out: ControlWarrior[] = [];
  for (const w of s.warriors) {
    if (w.status !== 'table') continue;
    out.push(controlWarrior(s, w, alive));
  }
  return out;
}

/** Each regiment's warriors still alive (on the table or not), by regiment index: controlWarrior's `alive`. */
export function regimentsAlive(s: GameState): number[] {
  const alive = new Array<number>(s.regiments.length).fill(0);
  for (const w of s.warriors) if (w.status !== 'slain') alive[w.regiment]++;
  return alive;
}

/** One warrior on the table as controlWarriors gives it (for a caller that needs only some of them). */
export function controlWarrior(s: GameState, w: Warrior, alive: readonly number[]): ControlWarrior {
  const reg = s.regiments[w.regiment];
  return {
    player: w.player,
    x: w.x,
    y: w.y,
    r: w.r,
    role: reg.role,
    class: reg.class,
    kind: w.kind,
    broken: w.broken,
    regimentId: reg.id,
    regimentStart: reg.start,
    regimentAlive: alive[w.regiment],
  };
}
