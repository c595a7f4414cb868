import type { ControlWarrior } from '../scenarios/types.js';
import type { GameState } from './types.js';

/**
 * What the control rules need of every warrior on the table (R24, R32, R33).
 * Characters, officers and retinue take their regiment's role and class (R32).
 */
export function controlWarriors(s: GameState): ControlWarrior[] {
  const alive = new Array<number>(s.regiments.length).fill(0);
  for (const w of s.warriors) if (w.status !== 'slain') alive[w.regiment]++;
  const out: ControlWarrior[] = [];
  for (const w of s.warriors) {
    if (w.status !== 'table') continue;
    const reg = s.regiments[w.regiment];
    out.push({
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
    });
  }
  return out;
}
