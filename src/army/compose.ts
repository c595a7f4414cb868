import { formatPath } from '../errors.js';
import type { Ruleset } from '../rules/ruleset.js';
import type { Profile, SpecialRule } from '../rules/types.js';
import { ARMY_LIMITS } from './limits.js';
import type { ArmyFile, ArmyRegimentJson } from './schema.js';
import type { Faction, RegimentEntry, RegimentPoints, Roster, RosterRegiment, RosterWarrior, StatName, WarriorKind } from './types.js';

export { ARMY_LIMITS };

const ORDINAL = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth'];
const nth = (n: number): string => ORDINAL[n - 1] ?? `${n}th`;

/**
 * Builds an army list into a Roster under the army-building rules (rules
 * text, BUILDING AN ARMY; limits in ARMY_LIMITS). Every violation is one
 * `file: path: message` line naming the rule; `roster` is set only when
 * there are none. Points always come from the faction's entries.
 */
export function composeArmy(opts: { army: ArmyFile; faction: Faction; file: string; ruleset: Ruleset }): {
  roster?: Roster;
  breakdown: RegimentPoints[];
  points: number;
  errors: string[];
} {
  const { army, faction, file } = opts;
  const errors: string[] = [];
  const err = (path: readonly PropertyKey[], message: string): void => {
    errors.push(`${file}: ${formatPath(path)}: ${message}`);
  };
  const regiments: RosterRegiment[] = [];
  const breakdown: RegimentPoints[] = [];

  // ---- the Character Regiment: exactly one (the schema holds a single one) ----
  const cr = army.characterRegiment;
  const character = faction.characters.find((c) => c.name === cr.character);
  if (!character) {
    err(['characterRegiment', 'character'], `unknown character "${cr.character}" (the faction's characters: ${list(faction.characters.map((c) => c.name))})`);
  } else {
    const warriors: RosterWarrior[] = [];
    const items: RegimentPoints['items'] = [{ what: character.models === 1 ? 'character' : `${character.models} character models`, points: character.points }];
    for (let k = 0; k < character.models; k++) warriors.push({ profile: character.profile, kind: 'character', points: character.points / character.models });
    if (cr.retinue) {
      const r = faction.retinues.find((x) => x.name === cr.retinue!.entry);
      if (!r || !character.retinues.includes(r.name)) {
        err(['characterRegiment', 'retinue', 'entry'], `"${cr.retinue.entry}" is not a retinue ${character.name} may take (${character.retinues.length ? list(character.retinues) : 'none'})`);
      } else {
        if (cr.retinue.models > r.maxModels) {
          err(['characterRegiment', 'retinue', 'models'], `${r.name} may number at most ${r.maxModels} models (has ${cr.retinue.models})`);
        }
        items.push({ what: `${cr.retinue.models} × ${r.name} (retinue) × ${r.points}`, points: cr.retinue.models * r.points });
        for (let k = 0; k < cr.retinue.models; k++) warriors.push({ profile: r.profile, kind: 'retinue', points: r.points });
      }
    }
    const cap = ARMY_LIMITS.maxModelsByRole[character.profile.role];
    if (cap !== null && warriors.length > cap) {
      err(
        cr.retinue ? ['characterRegiment', 'retinue', 'models'] : ['characterRegiment'],
        `${article(character.profile.role)} regiment may not number over ${cap} models including officers (has ${warriors.length})`,
      );
    }
    const points = sum(items.map((i) => i.points));
    regiments.push({
      id: `r0-${slug(character.name)}`,
      entry: character.name,
      isCharacterRegiment: true,
      role: character.profile.role,
      class: character.profile.class,
      warriors,
      points,
      reinforcement: false,
    });
    breakdown.push({
      path: 'characterRegiment',
      entry: character.name,
      isCharacterRegiment: true,
      role: character.profile.role,
      class: character.profile.class,
      models: warriors.length,
      items,
      points,
      reinforcement: false,
    });
  }

  // ---- regular regiments ----
  const entryTimes = new Map<string, number>();
  const officerTimes = new Map<string, number>();
  army.regiments.forEach((reg, i) => {
    const at: PropertyKey[] = ['regiments', i];
    const entry = faction.regiments.find((e) => e.name === reg.entry);
    if (!entry) {
      if (faction.characters.some((c) => c.name === reg.entry)) {
        err([...at, 'entry'], `"${reg.entry}" is a character: an army has exactly one Character Regiment, given by characterRegiment`);
      } else if (faction.officers.some((o) => o.name === reg.entry)) {
        err([...at, 'entry'], `"${reg.entry}" is an officer: officers join a regiment through its "officers"`);
      } else {
        err([...at, 'entry'], `unknown regiment entry "${reg.entry}" (the faction's regiments: ${list(faction.regiments.map((e) => e.name))})`);
      }
      return;
    }
    const times = (entryTimes.get(entry.name) ?? 0) + 1;
    entryTimes.set(entry.name, times);
    if (times > ARMY_LIMITS.regimentTimes) {
      err([...at, 'entry'], `each Regiment may be included up to ${ARMY_LIMITS.regimentTimes} times (this is the ${nth(times)} "${entry.name}")`);
    }
    if (reg.models < entry.models) err([...at, 'models'], `${entry.name} comes with ${entry.models} models; it may not number fewer (has ${reg.models})`);
    if (reg.models > entry.maxModels) err([...at, 'models'], `${entry.name} may number at most ${entry.maxModels} models, officers excluded (has ${reg.models})`);

    const officers: { name: string; points: number; profile: Profile }[] = [];
    (reg.officers ?? []).forEach((name, k) => {
      const allowed = entry.officers.find((o) => o.officer === name);
      const def = faction.officers.find((o) => o.name === name);
      if (!def) {
        err([...at, 'officers', k], `unknown officer "${name}" (the faction's officers: ${list(faction.officers.map((o) => o.name))})`);
        return;
      }
      if (!allowed) {
        err([...at, 'officers', k], `${entry.name} may not take the officer "${name}" (it may take: ${entry.officers.length ? list(entry.officers.map((o) => o.officer)) : 'none'})`);
        return;
      }
      const n = (officerTimes.get(name) ?? 0) + 1;
      officerTimes.set(name, n);
      if (n > ARMY_LIMITS.officerTimes) {
        err([...at, 'officers', k], `each Officer may be included up to ${ARMY_LIMITS.officerTimes} times (this is the ${nth(n)} "${name}")`);
      }
      officers.push({ name, points: allowed.points, profile: def.profile });
    });

    const total = reg.models + officers.length;
    const cap = ARMY_LIMITS.maxModelsByRole[entry.role];
    if (cap !== null && total > cap) {
      err([...at, 'models'], `${article(entry.role)} regiment may not number over ${cap} models including officers (has ${total})`);
    }

    const upgrades = (reg.upgrades ?? []).flatMap((name, k) => {
      const u = entry.upgrades.find((x) => x.name === name);
      if (!u) {
        err([...at, 'upgrades', k], `${entry.name} has no upgrade "${name}" (its upgrades: ${entry.upgrades.length ? list(entry.upgrades.map((x) => x.name)) : 'none'})`);
        return [];
      }
      if ((reg.upgrades ?? []).indexOf(name) !== k) {
        err([...at, 'upgrades', k], `the upgrade "${name}" is bought twice`);
        return [];
      }
      return [u];
    });

    let withLeader = false;
    if (entry.leader?.included) {
      withLeader = true;
      if (reg.leader === false) err([...at, 'leader'], `${entry.name} includes its Leader; it cannot be left out`);
    } else if (reg.leader === true) {
      if (entry.leader) withLeader = true;
      else err([...at, 'leader'], `${entry.name} has no Leader to buy (a model becomes the Acting Leader in play)`);
    }

    const hasFlank = entry.profile.specialRules.some((r) => r.kind === 'flank');
    if (reg.flank === true && !hasFlank) err([...at, 'flank'], `only a regiment with the Flank special rule starts in Reinforcements (R30); ${entry.name} has none`);
    const reinforcement = hasFlank && reg.flank !== false;

    const items = priceItems(entry, reg, officers, upgrades, withLeader);
    const points = sum(items.map((x) => x.points));
    const warriors = buildWarriors(entry, reg.models, officers, upgrades, withLeader, points);
    regiments.push({
      id: `r${i + 1}-${slug(entry.name)}`,
      entry: entry.name,
      isCharacterRegiment: false,
      role: entry.role,
      class: entry.class,
      warriors,
      points,
      reinforcement,
    });
    breakdown.push({
      path: formatPath(at),
      entry: entry.name,
      isCharacterRegiment: false,
      role: entry.role,
      class: entry.class,
      models: warriors.length,
      items,
      points,
      reinforcement,
    });
  });

  const points = sum(breakdown.map((b) => b.points));
  if (points > army.pointsLimit) err(['pointsLimit'], `the army costs ${points} points, over its limit of ${army.pointsLimit}`);

  if (errors.length > 0) return { breakdown, points, errors };
  return {
    breakdown,
    points,
    errors,
    roster: {
      name: army.name,
      faction: faction.id,
      pointsLimit: army.pointsLimit,
      points,
      regiments,
      commandAbilities: Object.values(faction.commandAbilities),
      uniqueActions: Object.values(faction.uniqueActions),
    },
  };
}

/** The priced items of one regiment: entry, extra models, leader, officers, upgrades. */
function priceItems(entry: RegimentEntry, reg: ArmyRegimentJson, officers: { name: string; points: number }[], upgrades: RegimentEntry['upgrades'], withLeader: boolean): RegimentPoints['items'] {
  const items: RegimentPoints['items'] = [{ what: `${entry.models} model${entry.models === 1 ? '' : 's'} included`, points: entry.points }];
  const extra = Math.max(0, reg.models - entry.models);
  if (extra > 0) items.push({ what: `${extra} extra model${extra === 1 ? '' : 's'} × ${entry.extraModelPoints}`, points: extra * entry.extraModelPoints });
  if (withLeader && entry.leader && !entry.leader.included) items.push({ what: 'Leader', points: entry.leader.points });
  for (const o of officers) items.push({ what: `officer ${o.name}`, points: o.points });
  for (const u of upgrades) {
    items.push(u.perModel ? { what: `${u.name} × ${reg.models} models × ${u.points}`, points: u.points * reg.models } : { what: u.name, points: u.points });
  }
  return items;
}

/** R2: the warriors of one regiment: leader, standard bearer, troopers, then officers. */
function buildWarriors(
  entry: RegimentEntry,
  models: number,
  officers: { name: string; points: number; profile: Profile }[],
  upgrades: RegimentEntry['upgrades'],
  withLeader: boolean,
  points: number,
): RosterWarrior[] {
  const trooper = upgraded(entry.profile, upgrades);
  const kinds: WarriorKind[] = [];
  if (withLeader && models > 0) kinds.push('leader');
  // Promoted for free once the regiment numbers standardBearerAt, officers included.
  if (entry.standardBearerAt !== null && models + officers.length >= entry.standardBearerAt && kinds.length < models) kinds.push('standardBearer');
  while (kinds.length < models) kinds.push('trooper');
  const share = models > 0 ? (points - sum(officers.map((o) => o.points))) / models : 0;
  const leaderProfile = withLeader && entry.leader ? upgraded(entry.leader.profile, upgrades) : trooper;
  const warriors: RosterWarrior[] = kinds.map((kind) => ({ profile: kind === 'leader' ? leaderProfile : trooper, kind, points: share }));
  for (const o of officers) warriors.push({ profile: o.profile, kind: 'officer', points: o.points });
  return warriors;
}

function upgraded(profile: Profile, upgrades: RegimentEntry['upgrades']): Profile {
  if (upgrades.length === 0) return profile;
  const out: Profile = { ...profile, specialRules: [...profile.specialRules] };
  const have = new Set(out.specialRules.map((r) => r.name));
  for (const u of upgrades) {
    for (const [stat, by] of Object.entries(u.modify) as [StatName, number][]) out[stat] = Math.max(stat === 'wounds' ? 1 : 0, out[stat] + by);
    for (const r of u.specialRules as SpecialRule[]) {
      if (!have.has(r.name)) {
        out.specialRules.push(r);
        have.add(r.name);
      }
    }
  }
  return out;
}

/**
 * An army list's points from the faction's entries alone (entry points +
 * extra models × cost + bought leader + officers + upgrades + character and
 * retinue). Names the faction does not know count 0: validate first.
 */
export function armyPoints(army: ArmyFile, faction: Faction): number {
  let total = 0;
  const character = faction.characters.find((c) => c.name === army.characterRegiment.character);
  if (character) total += character.points;
  const retinue = army.characterRegiment.retinue;
  if (retinue) total += retinue.models * (faction.retinues.find((r) => r.name === retinue.entry)?.points ?? 0);
  for (const reg of army.regiments) {
    const entry = faction.regiments.find((e) => e.name === reg.entry);
    if (!entry) continue;
    const officers = (reg.officers ?? []).flatMap((n) => entry.officers.filter((o) => o.officer === n).map((o) => ({ name: n, points: o.points })));
    const upgrades = (reg.upgrades ?? []).flatMap((n) => entry.upgrades.filter((u) => u.name === n));
    const withLeader = entry.leader !== null && (entry.leader.included || reg.leader === true);
    total += sum(priceItems(entry, reg, officers, upgrades, withLeader).map((x) => x.points));
  }
  return total;
}

function sum(xs: number[]): number {
  let s = 0;
  for (const x of xs) s += x;
  return s;
}

function slug(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

function article(role: string): string {
  return /^[AEIOU]/.test(role) ? `an ${role}` : `a ${role}`;
}

function list(names: string[]): string {
  return names.map((n) => `"${n}"`).join(', ');
}
