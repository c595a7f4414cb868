import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { nameText } from '../data/bounds.js';
import { buildArmy } from '../army/index.js';
import { expandStrongest, getPolicy, isPluginSpec, resolvePolicySpec, splitSpec } from '../bots/index.js';
import { formatIssues, readJsonFile, type ValidationResult } from '../data/json.js';
import { formatPath, InputError } from '../errors.js';
import { getScenario, listScenarios } from '../scenarios/index.js';
import { hexAdjacency, hexConnected, hexKey } from './hex.js';
import { BUILT_IN_CAMPAIGN_POLICIES, isPolicyPath } from './policies.js';
import { ONE_PER_PLAYER_TYPES, TERRITORY_PROFILES } from './territories.js';
import { TERRITORY_TYPES, type Campaign, type CampaignPlayer, type FactionIndex } from './types.js';

/** The campaigns text's target (R34: 120, or 20 per player). */
export const DEFAULT_TARGET = 120;
/** A campaign that has not ended after this many cycles ends on points (our safety net). */
export const DEFAULT_MAX_CYCLES = 40;

const name = nameText;

/** Why a battle policy spec cannot play a campaign's battles, or null. */
function battlePolicyError(spec: string): string | null {
  // A plugin (its path made absolute by the caller) is loaded when the run starts: loading is asynchronous.
  if (isPluginSpec(spec)) return existsSync(splitSpec(spec).name) ? null : `battle policy module not found: ${splitSpec(spec).name}`;
  try {
    getPolicy(spec);
    return null;
  } catch (e) {
    if (e instanceof InputError) return e.message;
    throw e;
  }
}

const playerSchema = z.strictObject({
  name,
  /** Army list file, relative to the campaign file. */
  army: name,
  /** A built-in battle policy with options, or "strongest" (default "random"). */
  battlePolicy: name.optional(),
  /** random, greedy, defensive, or a module path (relative to the campaign file). */
  campaignPolicy: name.optional(),
});

export const campaignFileSchema = z.strictObject({
  kind: z.literal('campaign'),
  name: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_.-]*$/, 'expected letters, digits, dot, dash or underscore (it names the output folder)'),
  notes: z.string().optional(),
  seed: name.optional(),
  /** Campaign Points a faction must reach (default 120). */
  campaignPointsTarget: z.int().min(1).optional(),
  maxCycles: z.int().min(1).max(1000).optional(),
  /** Scenarios the invading commander draws two from (default: every built-in one). */
  scenarios: z.array(name).min(2).optional(),
  /** Default for every player (a player's own setting wins). */
  battlePolicy: name.optional(),
  campaignPolicy: name.optional(),
  out: name.optional(),
  map: z
    .array(
      z.strictObject({
        id: z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'expected lower-case letters, digits and dashes'),
        type: z.enum(TERRITORY_TYPES),
        q: z.int(),
        r: z.int(),
        campaignPoints: z.int().min(0).optional(),
        requisitionPoints: z.int().min(0).optional(),
      }),
    )
    .min(2),
  factions: z
    .array(
      z.strictObject({
        name,
        /** The Faction Commander's player name (default the first player). */
        commander: name.optional(),
        players: z.array(playerSchema).min(1),
      }),
    )
    .length(2),
});
export type CampaignFile = z.infer<typeof campaignFileSchema>;

export interface LoadCampaignOptions {
  seed?: string;
  out?: string;
  /** Every player's battle policy (the CLI's --battle-policy). */
  battlePolicy?: string;
}

/**
 * Validates a campaign's JSON and everything it names (army lists, policies,
 * scenarios). Errors are `file: path: message` lines.
 */
export function parseCampaign(json: unknown, file: string, opts: LoadCampaignOptions = {}): { campaign?: Campaign; errors: string[] } {
  const parsed = campaignFileSchema.safeParse(json);
  if (!parsed.success) return { errors: formatIssues(file, parsed.error.issues) };
  const d = parsed.data;
  const errors: string[] = [];
  const err = (at: PropertyKey[], msg: string): void => void errors.push(`${file}: ${formatPath(at)}: ${msg}`);
  const dir = path.dirname(file);

  const ids = new Map<string, number>();
  const cells = new Map<string, number>();
  d.map.forEach((t, i) => {
    if (ids.has(t.id)) err(['map', i, 'id'], `"${t.id}" is also map[${ids.get(t.id)}]: territory ids must be unique`);
    ids.set(t.id, i);
    const k = hexKey(t.q, t.r);
    if (cells.has(k)) err(['map', i], `hex (q ${t.q}, r ${t.r}) is also map[${cells.get(k)}]: one territory a hex`);
    cells.set(k, i);
  });
  const adjacency = hexAdjacency(d.map);

  const players: CampaignPlayer[] = [];
  const playerNames = new Map<string, string>();
  const factions = d.factions.map((f, fi) => {
    const idx: number[] = [];
    f.players.forEach((p, pi) => {
      const at = ['factions', fi, 'players', pi];
      if (playerNames.has(p.name)) err([...at, 'name'], `"${p.name}" is also ${playerNames.get(p.name)}: player names must be unique`);
      playerNames.set(p.name, formatPath(at));
      // An absolute path is the file itself, not a path under the campaign's folder.
      const armyFile = path.isAbsolute(p.army) ? path.normalize(p.army) : path.normalize(path.join(dir, p.army));
      let armyJson: unknown;
      try {
        armyJson = readJsonFile(armyFile);
      } catch (e) {
        if (!(e instanceof InputError)) throw e;
        err([...at, 'army'], `cannot read army list ${armyFile}: ${e.lines.map((l) => l.replace(`${armyFile}: `, '')).join('; ')}`);
      }
      if (armyJson !== undefined) {
        const built = buildArmy(armyJson, armyFile);
        if (!built.roster) err([...at, 'army'], `the army list ${armyFile} is invalid: ${built.errors.join('; ')}`);
      }
      // A plugin's path is relative to the campaign file, or to the current folder for --battle-policy.
      const battlePolicy = resolvePolicySpec(expandStrongest(opts.battlePolicy ?? p.battlePolicy ?? d.battlePolicy ?? 'random'), opts.battlePolicy ? process.cwd() : dir);
      const policyError = battlePolicyError(battlePolicy);
      if (policyError !== null) {
        if (opts.battlePolicy) throw new InputError(`--battle-policy: ${policyError}`);
        err(p.battlePolicy ? [...at, 'battlePolicy'] : ['battlePolicy'], policyError);
      }
      let campaignPolicy = p.campaignPolicy ?? d.campaignPolicy ?? 'random';
      if (isPolicyPath(campaignPolicy)) {
        campaignPolicy = path.resolve(dir, campaignPolicy);
        if (!existsSync(campaignPolicy)) err(p.campaignPolicy ? [...at, 'campaignPolicy'] : ['campaignPolicy'], `campaign policy module ${campaignPolicy} not found`);
      } else if (!BUILT_IN_CAMPAIGN_POLICIES.includes(campaignPolicy)) {
        err(
          p.campaignPolicy ? [...at, 'campaignPolicy'] : ['campaignPolicy'],
          `unknown campaign policy "${campaignPolicy}" (built-in: ${BUILT_IN_CAMPAIGN_POLICIES.join(', ')}, or a path to a .js module)`,
        );
      }
      idx.push(players.length);
      players.push({ name: p.name, faction: fi as FactionIndex, armyFile, battlePolicy, campaignPolicy });
    });
    let commander = idx[0];
    if (f.commander !== undefined) {
      const k = f.players.findIndex((p) => p.name === f.commander);
      if (k < 0) err(['factions', fi, 'commander'], `"${f.commander}" is not a player of ${f.name} (${f.players.map((p) => p.name).join(', ')})`);
      else commander = idx[k];
    }
    return { name: f.name, players: idx, commander };
  });
  if (d.factions[0].name === d.factions[1].name) err(['factions', 1, 'name'], `both factions are called "${d.factions[0].name}"`);
  if (d.map.length < players.length) err(['map'], `${d.map.length} territories for ${players.length} players: each player starts in control of one`);

  const scenarios = d.scenarios ?? listScenarios().map((s) => s.id);
  (d.scenarios ?? []).forEach((s, i) => {
    try {
      getScenario(s);
    } catch (e) {
      if (!(e instanceof InputError)) throw e;
      err(['scenarios', i], e.message);
    }
  });
  // A top-level default is reported once, not once per player.
  if (errors.length > 0) return { errors: [...new Set(errors)] };

  const seed = opts.seed ?? d.seed ?? d.name;
  const campaign: Campaign = {
    name: d.name,
    file,
    seed,
    target: d.campaignPointsTarget ?? DEFAULT_TARGET,
    maxCycles: d.maxCycles ?? DEFAULT_MAX_CYCLES,
    scenarios,
    territories: d.map.map((t, i) => ({
      id: t.id,
      type: t.type,
      q: t.q,
      r: t.r,
      campaignPoints: t.campaignPoints ?? TERRITORY_PROFILES[t.type].campaignPoints,
      requisitionPoints: t.requisitionPoints ?? TERRITORY_PROFILES[t.type].requisitionPoints,
      adjacent: adjacency[i],
    })),
    factions: factions as Campaign['factions'],
    players,
    out: opts.out ?? (d.out ? (path.isAbsolute(d.out) ? d.out : path.join(dir, d.out)) : path.join('reports', d.name)),
    battlePolicyOverride: opts.battlePolicy,
    inputsHash: '',
  };
  campaign.inputsHash = inputsHash(campaign);
  return { campaign, errors: [] };
}

/** sha256 of the effective campaign and the contents of every file it names (not out, workers or shard). */
function inputsHash(c: Campaign): string {
  const h = createHash('sha256');
  const { out: _out, file: _file, inputsHash: _h, battlePolicyOverride: _b, ...rest } = c;
  h.update(JSON.stringify(rest));
  // A plugin battle bot's code decides its battles: --resume refuses a changed bot.
  const battleFiles = (p: Campaign['players'][number]): string[] => (isPluginSpec(p.battlePolicy) ? [splitSpec(p.battlePolicy).name] : []);
  for (const f of new Set(c.players.flatMap((p) => [p.armyFile, ...(isPolicyPath(p.campaignPolicy) ? [p.campaignPolicy] : []), ...battleFiles(p)]))) {
    h.update(f);
    h.update(readFileSync(f));
  }
  return h.digest('hex');
}

/** Reads and validates a campaign file; throws one InputError listing every problem. */
export function loadCampaign(file: string, opts: LoadCampaignOptions = {}): Campaign {
  const { campaign, errors } = parseCampaign(readJsonFile(file), file, opts);
  if (!campaign) throw new InputError(errors);
  return campaign;
}

/**
 * The map check: where the map departs from the text's Designer's Notes
 * (about 3 hexes a player, 4 with four players or fewer; at most one Hive
 * City per two players; at least one Fortress, Spaceport, … per player;
 * 20 Campaign Points per player). "About" is read as within 20%.
 */
export function mapWarnings(c: Campaign): string[] {
  const out: string[] = [];
  const n = c.players.length;
  const hexes = c.territories.length;
  const perPlayer = n <= 4 ? 4 : 3;
  const rec = perPlayer * n;
  if (Math.abs(hexes - rec) > 0.2 * rec) out.push(`${c.file}: map: ${hexes} hexes; the text recommends about ${perPlayer} per player (${rec} for ${n} players)`);
  const hives = c.territories.filter((t) => t.type === 'Hive City').length;
  if (hives > Math.floor(n / 2)) out.push(`${c.file}: map: ${hives} Hive Cities; the text recommends at most one per two players (${Math.floor(n / 2)})`);
  const listed = c.territories.filter((t) => ONE_PER_PLAYER_TYPES.includes(t.type)).length;
  if (listed < n) {
    out.push(`${c.file}: map: ${listed} territories from the list ${ONE_PER_PLAYER_TYPES.join(', ')}; the text recommends at least one per player (${n})`);
  }
  if (!hexConnected(c.territories.map((t) => t.adjacent))) out.push(`${c.file}: map: the hexes are not all connected; only a Militarum Aerodrome reaches across a gap`);
  if (c.target !== 20 * n) out.push(`${c.file}: campaignPointsTarget: ${c.target}; the text recommends 20 per player (${20 * n})`);
  return out;
}

/** `validate` for kind "campaign": errors, or a summary (map warnings included). */
export function validateCampaignJson(json: unknown, file: string): ValidationResult {
  const { campaign, errors } = parseCampaign(json, file);
  if (!campaign) return { errors };
  const warnings = mapWarnings(campaign);
  return {
    errors: [],
    summary:
      `campaign "${campaign.name}": ${campaign.territories.length} territories, ${campaign.factions.map((f) => `${f.name} ${f.players.length}`).join(' v ')} players, target ${campaign.target} CP` +
      warnings.map((w) => `; warning: ${w.replace(`${file}: `, '')}`).join(''),
  };
}
