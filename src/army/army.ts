import path from 'node:path';
import { formatPath, InputError } from '../errors.js';
import { formatIssues, readJsonFile, type ValidationResult } from '../data/json.js';
import { DEFAULT_RULESET, type Ruleset } from '../rules/ruleset.js';
import { composeArmy } from './compose.js';
import { buildFaction } from './faction.js';
import { armyFileSchema, type ArmyFile } from './schema.js';
import type { Faction, RegimentPoints, Roster } from './types.js';

/**
 * Where an army's faction file is: `factionFile` relative to the army file's
 * folder when given, else `<faction>.json` in the `factions/` folder beside
 * the army file's folder (sims/armies/x.json → sims/factions/<id>.json).
 */
export function factionFileFor(army: Pick<ArmyFile, 'faction' | 'factionFile'>, armyFile: string): string {
  const dir = path.dirname(armyFile);
  return path.normalize(army.factionFile ? path.join(dir, army.factionFile) : path.join(dir, '..', 'factions', `${army.faction}.json`));
}

export interface BuiltArmy {
  army?: ArmyFile;
  faction?: Faction;
  roster?: Roster;
  breakdown: RegimentPoints[];
  points: number;
  errors: string[];
}

/**
 * Validates an army list's JSON, finds and resolves its faction, and composes
 * it. `roster` is set only when there are no errors.
 */
export function buildArmy(json: unknown, file: string, ruleset: Ruleset = DEFAULT_RULESET): BuiltArmy {
  const errors: string[] = [];
  // Points are computed from the faction's entries, never typed by hand.
  const stripped = stripPoints(json, file, errors);
  const parsed = armyFileSchema.safeParse(stripped);
  if (!parsed.success) return { breakdown: [], points: 0, errors: [...errors, ...formatIssues(file, parsed.error.issues)] };
  const army = parsed.data;

  const factionFile = factionFileFor(army, file);
  let factionJson: unknown;
  try {
    factionJson = readJsonFile(factionFile);
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    const where = army.factionFile ? 'factionFile' : 'faction';
    const why = army.factionFile ? '' : ` (looked for ${army.faction}.json in the factions folder beside the army's folder)`;
    errors.push(`${file}: ${where}: cannot use faction file ${factionFile}${why}: ${e.lines.map((l) => l.replace(`${factionFile}: `, '')).join('; ')}`);
    return { army, breakdown: [], points: 0, errors };
  }
  const built = buildFaction(factionJson, factionFile, ruleset);
  if (!built.faction) {
    errors.push(`${file}: faction: the faction file ${factionFile} is invalid:`, ...built.errors);
    return { army, breakdown: [], points: 0, errors };
  }
  const faction = built.faction;
  if (faction.id !== army.faction) {
    errors.push(`${file}: faction: expected "${faction.id}", the id of ${factionFile} (got "${army.faction}")`);
    return { army, faction, breakdown: [], points: 0, errors };
  }
  const composed = composeArmy({ army, faction, file, ruleset });
  errors.push(...composed.errors);
  return {
    army,
    faction,
    roster: errors.length === 0 ? composed.roster : undefined,
    breakdown: composed.breakdown,
    points: composed.points,
    errors,
  };
}

function stripPoints(json: unknown, file: string, errors: string[]): unknown {
  const msg = "points are computed from the faction's entries and never written in an army file; remove this field";
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return json;
  const top = { ...(json as Record<string, unknown>) };
  if ('points' in top) {
    errors.push(`${file}: points: ${msg}`);
    delete top.points;
  }
  const strip = (v: unknown, at: PropertyKey[]): unknown => {
    if (typeof v !== 'object' || v === null || Array.isArray(v) || !('points' in v)) return v;
    errors.push(`${file}: ${formatPath([...at, 'points'])}: ${msg}`);
    const { points: _, ...rest } = v as Record<string, unknown>;
    return rest;
  };
  if ('characterRegiment' in top) top.characterRegiment = strip(top.characterRegiment, ['characterRegiment']);
  if (Array.isArray(top.regiments)) top.regiments = top.regiments.map((r, i) => strip(r, ['regiments', i]));
  return top;
}

/** `validate` for kind "army": errors, or a points summary. */
export function validateArmyJson(json: unknown, file: string): ValidationResult {
  const built = buildArmy(json, file);
  if (!built.roster) return { errors: built.errors };
  const r = built.roster;
  const warriors = r.regiments.reduce((n, g) => n + g.warriors.length, 0);
  return {
    errors: [],
    summary: `army "${r.name}" (${r.faction}): ${r.points}/${r.pointsLimit} points, ${r.regiments.length} regiments, ${warriors} warriors`,
  };
}

/** Reads, validates and composes an army file and its faction; throws InputError listing every problem. */
export function armyBreakdown(armyFile: string, ruleset: Ruleset = DEFAULT_RULESET): { roster: Roster; faction: Faction; regiments: RegimentPoints[] } {
  const built = buildArmy(readJsonFile(armyFile), armyFile, ruleset);
  if (!built.roster || !built.faction) throw new InputError(built.errors);
  return { roster: built.roster, faction: built.faction, regiments: built.breakdown };
}

/**
 * The fully resolved Roster of an army file: what the engine plays with.
 * Sizes, bases and Command Ranges default from `ruleset` (R3, R4).
 */
export function loadRoster(armyFile: string, ruleset: Ruleset = DEFAULT_RULESET): Roster {
  return armyBreakdown(armyFile, ruleset).roster;
}
