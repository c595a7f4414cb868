import type { WarriorKind } from '../../src/army/types.js';
import type { BattlefieldRole, WarriorClass } from '../../src/rules/types.js';
import type { ControlWarrior, PlayerIndex } from '../../src/scenarios/types.js';

/** Infantry base radius: 27 mm. */
export const INF_R = 27 / 25.4 / 2;

let next = 0;

/** A warrior for control tests: Medium Infantry trooper in a 1-warrior regiment unless told otherwise. */
export function warrior(player: PlayerIndex, x: number, y: number, over: Partial<ControlWarrior> = {}): ControlWarrior {
  return {
    player,
    x,
    y,
    r: INF_R,
    role: 'Infantry' as BattlefieldRole,
    class: 'Medium' as WarriorClass,
    kind: 'trooper' as WarriorKind,
    broken: false,
    regimentId: `solo-${next++}`,
    regimentStart: 1,
    regimentAlive: 1,
    ...over,
  };
}

/** `n` warriors of one player at one spot. */
export function crowd(n: number, player: PlayerIndex, x: number, y: number, over: Partial<ControlWarrior> = {}): ControlWarrior[] {
  return Array.from({ length: n }, () => warrior(player, x, y, over));
}

/** A tiny seeded stream (mulberry32) for tests. */
export function mulberry32(seed: number): { next(): number } {
  let a = seed >>> 0;
  return {
    next() {
      a = (a + 0x6d2b79f5) >>> 0;
      let t = a;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    },
  };
}
