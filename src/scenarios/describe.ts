import type { TerrainPiece } from '../board/types.js';
import { shapePolygon } from './geometry.js';
import type { EdgeSegment, Friendly, Scenario, SpecialRule, VpRule, ZoneShape } from './types.js';

const who = (f: Friendly): string => (f === null ? 'neutral' : `friendly to player ${f + 1}`);

/** One VP rule in words. */
export function describeVpRule(r: VpRule): string {
  switch (r.rule) {
    case 'zoneSeized': {
      const only = r.only ? ` (${[r.only.diameter !== undefined ? `${r.only.diameter}" zones` : '', r.only.labels ? `zones ${r.only.labels.join(', ')}` : ''].filter(Boolean).join(', ')})` : '';
      return `${r.vp} VP for each zone seized${only}`;
    }
    case 'enemyZoneSeized':
      return `${r.vp} VP for each enemy zone seized`;
    case 'zonesSeizedBonus':
      return `+${r.vp} VP when seizing ${r.atLeast === 'all' ? 'every zone it may seize' : `${r.atLeast} or more zones`}`;
    case 'enemyMarkerDestroyed':
      return `${r.vp} VP for each enemy marker destroyed during the round`;
    case 'markersDestroyedBonus':
      return `+${r.vp} VP for destroying more than ${r.moreThan} marker(s) in a round`;
    case 'enemyMarkerDestroyedOnce':
      return `${r.vp} VP once, for destroying the enemy marker`;
    case 'markerDestroyedOutsideZones':
      return `${r.vp} VP for each marker destroyed outside every zone`;
    case 'zoneVpBonusAfterEnemyMarker':
      return `+${r.vp} VP ${r.per === 'zone' ? 'per zone seized' : 'once a Victory Phase'} when scoring zones after destroying the enemy marker`;
    case 'characterRegimentSlain':
      return `${r.vp} VP once, for slaying the enemy Character Regiment`;
    case 'enemyRegimentDestroyed':
      return `${r.vp} VP for each enemy regiment destroyed during the round`;
    case 'officerSlain':
      return `${r.vp} VP for each enemy Officer slain`;
    case 'brokenLines':
      return `Broken Lines: ${r.markerSeized} VP marker seized, ${r.enemyZoneSeized} VP enemy zone seized, +${r.bothBonus} VP both, ${r.markerInFriendlyZone} VP marker in the friendly zone`;
    case 'tugOfWar':
      return (
        `Tug-of-War: ${r.perPoint} VP per point held` +
        r.chainBonuses.map((b) => `, +${b.vp} VP chain of ${b.minLength}+`).join('') +
        (r.instantWin ? `; a chain linking ${r.instantWin.from} to ${r.instantWin.to} wins at once (counts as ${r.instantWin.countsAsVp} VP)` : '')
      );
    case 'pointsSlain':
      return 'VP equal to the points of enemy warriors slain';
  }
}

function describeSpecial(r: SpecialRule): string {
  return `moving marker ${r.marker}: the seizer within ${r.range}" moves it ${r.distance}" towards its friendly zone each Victory Phase`;
}

function describeShape(s: ZoneShape): string {
  if ('rect' in s) return `rect ${s.rect.w}"×${s.rect.h}" at (${s.rect.x}, ${s.rect.y})`;
  return `polygon ${shapePolygon(s)
    .map((p) => `(${p.x}, ${p.y})`)
    .join(' ')}`;
}

function describeSegment(s: EdgeSegment): string {
  return `${s.edge} edge ${s.from}–${s.to}"`;
}

/** A plain-text summary of a scenario (and of generated terrain, if given). */
export function describeScenario(s: Scenario, terrain?: readonly TerrainPiece[]): string {
  const lines: string[] = [];
  lines.push(`${s.name} (${s.id})${s.number !== undefined ? `, scenario ${s.number}` : ''}`);
  lines.push(`table ${s.table.width}"×${s.table.height}", ${s.rounds} rounds, ${s.vpThreshold === null ? 'no VP threshold' : `game ends at ${s.vpThreshold} VP`}, control rule ${s.control}`);
  if (s.objectiveZones.length > 0) {
    lines.push('objective zones:');
    for (const z of s.objectiveZones) lines.push(`  ${z.id} "${z.label}": ${z.diameter}" at (${z.x}, ${z.y}), ${who(z.friendlyTo)}`);
  }
  if (s.objectiveMarkers.length > 0) {
    lines.push('objective markers:');
    for (const m of s.objectiveMarkers) lines.push(`  ${m.id} "${m.label}": at (${m.x}, ${m.y}), ${who(m.friendlyTo)}${m.behaviour === 'standard' ? '' : `, ${m.behaviour}`}`);
  }
  if (s.capturePoints.length > 0) {
    lines.push('capture points:');
    for (const c of s.capturePoints) {
      lines.push(`  ${c.id} "${c.label}": at (${c.x}, ${c.y}), ${who(c.friendlyTo)}, held by ${c.controlledBy === null ? 'nobody' : `player ${c.controlledBy + 1}`}, ${c.range}" range`);
    }
  }
  for (const p of [0, 1] as const) {
    lines.push(`player ${p + 1} deployment: ${s.deployment[p].map(describeShape).join(' + ')}`);
    lines.push(`player ${p + 1} reinforcements: ${s.reinforcement[p].length > 0 ? s.reinforcement[p].map(describeSegment).join(', ') : 'none'}`);
  }
  lines.push('victory points:');
  for (const r of s.vpRules) lines.push(`  ${describeVpRule(r)}`);
  if (s.special.length > 0) {
    lines.push('special rules:');
    for (const r of s.special) lines.push(`  ${describeSpecial(r)}`);
  }
  if (terrain) {
    lines.push(`terrain (${terrain.length} pieces):`);
    for (const t of terrain) {
      const xs = t.shape.map((p) => p.x);
      const ys = t.shape.map((p) => p.y);
      lines.push(`  ${t.id}: ${t.rules.join(', ')}, size ${t.size}, x ${Math.min(...xs)}–${Math.max(...xs)}, y ${Math.min(...ys)}–${Math.max(...ys)}`);
    }
  } else if (s.terrain === 'generate') lines.push('terrain: generated per game (R31)');
  if (s.notes.length > 0) {
    lines.push('notes:');
    for (const n of s.notes) lines.push(`  - ${n}`);
  }
  return lines.join('\n');
}
