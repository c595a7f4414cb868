/**
 * The heuristics' deployment: the regiment worth most first (worth.ts, never
 * its cost), regiments side by side across the zone (room to move), each
 * towards a place to take, the shooters held back.
 */
import { polygonBounds } from '../board/index.js';
import type { Rng } from '../dice/types.js';
import type { Choice, Decision, GameState } from '../engine/types.js';
import { deploymentFor } from './candidates.js';
import { num, placeLabel } from './labels.js';
import type { Note } from './scripts.js';
import { objectives } from './toolkit.js';
import type { HeuristicOptions } from './types.js';
import { regimentWorth } from './worth.js';

type State = Readonly<GameState>;

export function chooseDeployment(s: State, d: Extract<Decision, { kind: 'deploy' }>, o: HeuristicOptions, rng: Rng, note: Note): Choice {
  const me = d.player;
  // The regiment worth most first: the ones that matter most get the best ground.
  const regiment = d.regiments.reduce((a, b) => (regimentWorth(s, b) > regimentWorth(s, a) ? b : a));
  const name = s.regiments[regiment].name;
  if (!o.tactics) {
    const positions = deploymentFor(s, regiment, d.zones, rng);
    note?.(`deploy ${name} (worth most of those left) where it fits`);
    return { kind: 'deploy', regiment, positions };
  }
  const places = objectives(s).filter((p) => p.friendlyTo !== me);
  const mine = s.regiments.filter((r) => r.player === me && !r.reinforcement);
  const done = mine.filter((r) => s.warriors[r.warriors[0]].status === 'table').length;
  const b = d.zones.map(polygonBounds).reduce((x, y) => ({ minX: Math.min(x.minX, y.minX), minY: Math.min(x.minY, y.minY), maxX: Math.max(x.maxX, y.maxX), maxY: Math.max(x.maxY, y.maxY) }));
  // Regiments side by side across the zone (room to move), each towards a place to take if there are any.
  const lane = b.minX + ((done + 0.5) / Math.max(1, mine.length)) * (b.maxX - b.minX);
  const place = places.length > 0 ? places[done % places.length] : null;
  const target = place ?? { x: lane, y: s.match.table.height / 2 };
  const shooter = s.regiments[regiment].warriors.some((id) => s.warriors[id].profile.barrage);
  // The point of the zone's box nearest the target, 2" in (shooters 5" back).
  const inset = shooter ? 5 : 2;
  const x = Math.min(Math.max((target.x + lane) / 2, b.minX + inset), b.maxX - inset);
  const y = Math.min(Math.max(target.y, b.minY + inset), b.maxY - inset);
  const positions = deploymentFor(s, regiment, d.zones, rng, { x, y });
  note?.(
    `deploy ${name} (worth most of those left, ${num(regimentWorth(s, regiment))}) at (${num(positions[0].x)}, ${num(positions[0].y)}): lane ${done + 1} of ${mine.length}, towards ${place ? placeLabel(s, place) : 'the centre'}${shooter ? ', shooters 5" back' : ''}`,
  );
  return { kind: 'deploy', regiment, positions };
}
