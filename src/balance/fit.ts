import seedrandom from 'seedrandom';
import { buildFaction } from '../army/index.js';
import { setAtPointer } from '../data/pointer.js';
import { gameScores, type ConfirmVerdict } from '../runner/confirm.js';
import { generatedList } from '../runner/generated.js';
import { gameSeed } from '../runner/seeds.js';
import type { CellSpec, Experiment, GameRecord } from '../runner/types.js';
import { bootstrapWorths, normalQuantile, wilsonInterval, type WorthBootstrap, type WorthObservation } from '../stats/index.js';
import { listCounts, priceEntries } from './entries.js';
import type { AbilityTrial, BalanceFaction, BalancePlan } from './plan.js';
import { abilityLabel } from './plan.js';

/** A's score in a game: 1 a win, 0.5 a draw. */
const scoreA = (r: GameRecord): number => gameScores(r).a;

/**
 * The factions at a table of prices: each faction of the plan, built from
 * its patched document in `prices` (absolute path → JSON) where there is one.
 */
export function pricedFactions(plan: BalancePlan, prices: ReadonlyMap<string, unknown> | null): BalanceFaction[] {
  return plan.factions.map((f) => {
    const doc = prices?.get(f.file);
    if (doc === undefined) return f;
    // fitTable patched only prices of a faction that builds: it builds again.
    return { ...f, json: doc, faction: buildFaction(doc, f.file).faction! };
  });
}

/**
 * The fit's observations: for every game, the difference between the two
 * lists' counts of every price (the lists drawn again from the game's seed,
 * as the game drew them, at the prices of `factions`: default today's), the
 * seat and A's score.
 */
export function observations(plan: BalancePlan, cells: readonly CellSpec[], records: readonly GameRecord[], factions: readonly BalanceFaction[] = plan.factions): WorthObservation[] {
  const byKey = new Map(cells.map((c) => [c.key, c]));
  const byFile = new Map(factions.map((f) => [f.file, f]));
  const pairs = new Map<string, number>();
  const diffs = new Map<string, [number, number][]>();
  const out: WorthObservation[] = [];
  for (const r of records) {
    const cell = byKey.get(r.cell);
    if (!cell?.generated) throw new Error(`balance: game of unknown cell "${r.cell}"`);
    const at = `${r.cell}\u0000${r.seed}`;
    let diff = diffs.get(at);
    if (!diff) {
      const fa = byFile.get(cell.generated.a.faction)!;
      const fb = byFile.get(cell.generated.b.faction)!;
      const a = listCounts(fa.faction, generatedList(cell.generated.a, fa.faction, r.seed, 'A'));
      const b = listCounts(fb.faction, generatedList(cell.generated.b, fb.faction, r.seed, 'B'));
      const m = new Map<number, number>();
      a.forEach((n, k) => n && m.set(fa.offset + k, (m.get(fa.offset + k) ?? 0) + n));
      b.forEach((n, k) => n && m.set(fb.offset + k, (m.get(fb.offset + k) ?? 0) - n));
      diff = [...m].filter(([, d]) => d !== 0).sort((x, y) => x[0] - y[0]);
      diffs.set(at, diff);
      pairs.set(at, pairs.size);
    }
    out.push({ diff, seat: r.firstSeat === 'A' ? 1 : -1, score: scoreA(r), pair: pairs.get(at)! });
  }
  return out;
}

/** One row of balance.csv. */
export interface PriceVerdict {
  faction: string;
  name: string;
  pointer: string;
  costNow: number;
  worth: number;
  low: number;
  high: number;
  proposed: number;
  verdict: 'keep' | 'raise' | 'lower' | 'not measured';
}

export interface TableFit {
  boot: WorthBootstrap;
  prices: PriceVerdict[];
  /** The proposed factions: patched documents of the factions with a changed price (absolute path → JSON). */
  proposed: Map<string, unknown>;
  games: number;
}

const toStep = (x: number, step: number): number => Math.max(0, Math.round(x / step) * step);

/**
 * Fits every price from the fit's games and proposes the fewest changes:
 * a price changes only where its interval (simultaneous over the judged
 * prices, 95%) excludes today's, to its worth rounded to the faction's step.
 * A later round's games (`round`, lists built at `factions`' prices) are fitted
 * alone, their scale anchored on the prices they were played at; the
 * proposal is still judged against today's.
 */
export function fitTable(
  plan: BalancePlan,
  obs: readonly WorthObservation[],
  o: { onReplicate?: (done: number, of: number) => void; factions?: readonly BalanceFaction[]; round?: number } = {},
): TableFit {
  const factions = o.factions ?? plan.factions;
  const round = o.round ?? 1;
  // The points scale is anchored on the prices the games' lists were built at (a later round's: the proposed ones).
  const prices = factions.flatMap((f) => priceEntries(f.faction).map((e) => e.price));
  const boot = bootstrapWorths({
    observations: obs,
    prices,
    seed: round === 1 ? `${plan.seed}/bootstrap` : `${plan.seed}/bootstrap-${round}`,
    replicates: 200,
    simultaneous: true,
    family: plan.judged.length,
    // Every list has exactly one character: the games tell what one costs beyond another, not their level.
    groups: plan.factions.map((f) => f.entries.flatMap((e, k) => (e.pointer.startsWith('/characters/') ? [f.offset + k] : []))),
    onReplicate: o.onReplicate,
  });
  const owner = (col: number): BalanceFaction => plan.factions.find((f) => col >= f.offset && col < f.offset + f.entries.length)!;
  const verdicts: PriceVerdict[] = plan.judged.map((col) => {
    const f = owner(col);
    const e = f.entries[col - f.offset];
    const x = boot.estimates[col];
    const base = { faction: f.id, name: e.name, pointer: e.pointer, costNow: e.price, worth: x.worth, low: x.low, high: x.high };
    if (!boot.fit.measured[col] || !Number.isFinite(x.low)) return { ...base, proposed: e.price, verdict: 'not measured' };
    if (x.low <= e.price && e.price <= x.high) return { ...base, proposed: e.price, verdict: 'keep' };
    return { ...base, proposed: toStep(x.worth, f.increment), verdict: x.worth > e.price ? 'raise' : 'lower' };
  });
  const proposed = new Map<string, unknown>();
  for (const f of plan.factions) {
    const changes = verdicts.filter((v) => v.faction === f.id && (v.verdict === 'raise' || v.verdict === 'lower') && v.proposed !== v.costNow);
    if (changes.length === 0) continue;
    let doc: unknown = f.json;
    for (const c of changes) {
      const set = setAtPointer(doc, c.pointer, c.proposed);
      // priceEntries made every pointer from this very document.
      if ('error' in set) throw new Error(`balance: ${f.file}: ${set.error}`);
      doc = set.doc;
    }
    proposed.set(f.file, doc);
  }
  return { boot, prices: verdicts, proposed, games: obs.length };
}

/** Army A's rate in a cell's games (a draw half) with its 95% Wilson interval. */
export interface CellRate {
  games: number;
  rate: number;
  low: number;
  high: number;
}

/** One row of matchups.csv: a faction pair × scenario × limit, today's table against the proposed one, and the stronger tier's re-check. */
export interface MatchupRow {
  factionA: string;
  factionB: string;
  scenario: string;
  points: number;
  today: CellRate;
  proposed: CellRate | null;
  confirm: (CellRate & { policy: string; verdict: ConfirmVerdict }) | null;
}

function rate(rs: readonly GameRecord[]): CellRate {
  const s = rs.reduce((t, r) => t + scoreA(r), 0);
  const w = wilsonInterval(s, rs.length);
  return { games: rs.length, rate: w.p, low: w.low, high: w.high };
}

/** The held-out cell that plays the final table of a base cell: its proposed version, or today's when no price changed. */
const finalKey = (cells: readonly CellSpec[], base: string): string => (cells.some((c) => c.key === `${base} | proposed`) ? `${base} | proposed` : `${base} | today`);

/**
 * The held-out cells the stronger tier re-checks: the final table's `n`
 * cells furthest from 50% (mirrors excluded: a mirror is even by symmetry),
 * the first listed on a tie.
 */
export function worstCells(rows: readonly MatchupRow[], cells: readonly CellSpec[], n: number): string[] {
  return rows
    .map((m, i) => ({ m, i, d: Math.abs((m.proposed ?? m.today).rate - 0.5) }))
    .filter((x) => x.m.factionA !== x.m.factionB && (x.m.proposed ?? x.m.today).games > 0)
    .sort((x, y) => y.d - x.d || x.i - y.i)
    .slice(0, n)
    .map(({ m }) => finalKey(cells, `${m.factionA} vs ${m.factionB} | ${m.scenario} | ${m.points}`));
}

/**
 * Whether a cell stays as balanced under the stronger tier. With d the
 * weaker tier's distance of army A's rate from 50%: `not confirmed` when the
 * stronger tier's 95% interval lies wholly further than d from 50% on the
 * weaker's side (or either side, the weaker at 50%), `reversed` when it lies
 * wholly beyond d on the other side, else `confirmed` (its interval holds a
 * rate as balanced as the weaker tier found).
 */
export function balanceVerdict(weak: number, strong: Pick<CellRate, 'low' | 'high'>): ConfirmVerdict {
  const d = Math.abs(weak - 0.5);
  if (strong.low > 0.5 + d) return weak >= 0.5 ? 'not confirmed' : 'reversed';
  if (strong.high < 0.5 - d) return weak <= 0.5 ? 'not confirmed' : 'reversed';
  return 'confirmed';
}

/**
 * The held-out games by cell: each base cell's rates under today's and the
 * proposed table, and where the stronger tier re-checked it (`confirm`: its
 * policy and games, by held-out cell key), its rate and verdict.
 */
export function matchupRows(cells: readonly CellSpec[], records: readonly GameRecord[], confirm?: { policy: string; records: readonly GameRecord[] }): MatchupRow[] {
  const byCell = new Map<string, GameRecord[]>();
  for (const r of records) byCell.set(r.cell, [...(byCell.get(r.cell) ?? []), r]);
  const strong = new Map<string, GameRecord[]>();
  for (const r of confirm?.records ?? []) strong.set(r.cell, [...(strong.get(r.cell) ?? []), r]);
  const rows: MatchupRow[] = [];
  for (const c of cells) {
    if (!c.key.endsWith(' | today')) continue;
    const base = c.key.slice(0, -' | today'.length);
    const [pair, scenario, points] = base.split(' | ');
    const [factionA, factionB] = pair.split(' vs ');
    const proposed = byCell.get(`${base} | proposed`);
    const today = rate(byCell.get(c.key) ?? []);
    const weak = proposed ? rate(proposed) : today;
    const s = strong.get(finalKey(cells, base));
    const check = s && confirm ? { ...rate(s), policy: confirm.policy } : null;
    rows.push({
      factionA,
      factionB,
      scenario,
      points: Number(points),
      today,
      proposed: proposed ? weak : null,
      confirm: check ? { ...check, verdict: balanceVerdict(weak.rate, check) } : null,
    });
  }
  return rows;
}

/** Seed pairs a movement is measured on at most (spread evenly over the cells). */
export const MOVEMENT_SEEDS = 600;

/**
 * How far new prices move the lists a fit played: the lists of the fit's
 * first seeds (at most MOVEMENT_SEEDS pairs over its cells) drawn at the
 * prices played (`from`) and at the new ones (`to`), the same seeds and
 * limits; with m_e the mean count of price e a list buys and p_e its price
 * played, the movement is Σ p_e·|m_e(to) − m_e(from)| / Σ p_e·m_e(from):
 * the share of the average list's points spent otherwise. 0: the same lists.
 */
export function listMovement(o: { experiment: Experiment; from: readonly BalanceFaction[]; to: readonly BalanceFaction[] }): number {
  const at = (fs: readonly BalanceFaction[]): Map<string, BalanceFaction> => new Map(fs.map((f) => [f.file, f]));
  const from = at(o.from);
  const to = at(o.to);
  const width = o.from.reduce((n, f) => n + f.entries.length, 0);
  const sums = [new Float64Array(width), new Float64Array(width)];
  const cells = o.experiment.cells;
  const perCell = Math.max(1, Math.min(o.experiment.gamesPerCell / 2, Math.ceil(MOVEMENT_SEEDS / Math.max(1, cells.length))));
  const add = (f: BalanceFaction, which: number, side: NonNullable<CellSpec['generated']>['a'], seed: string, role: 'A' | 'B'): void => {
    listCounts(f.faction, generatedList(side, f.faction, seed, role)).forEach((n, k) => (sums[which][f.offset + k] += n));
  };
  for (const c of cells) {
    for (let pair = 0; pair < perCell; pair++) {
      const seed = gameSeed(o.experiment.seed, c.seedKey ?? c.key, 2 * pair);
      for (const [role, side] of [['A', c.generated!.a] as const, ['B', c.generated!.b] as const]) {
        // The proposed documents are named by the faction's file in `files`.
        add(from.get(side.faction)!, 0, side, seed, role);
        add(to.get(side.faction)!, 1, side, seed, role);
      }
    }
  }
  const price = o.from.flatMap((f) => priceEntries(f.faction).map((e) => e.price));
  let moved = 0;
  let total = 0;
  for (let e = 0; e < width; e++) {
    moved += price[e] * Math.abs(sums[1][e] - sums[0][e]);
    total += price[e] * sums[0][e];
  }
  return total === 0 ? 0 : moved / total;
}

/**
 * What no global price can fix, from today's held-out games: a faction pair
 * that one scenario favours and another disfavours (both intervals clear of
 * 50%), and a first seat that wins more than half of all games.
 */
export function unfixable(rows: readonly MatchupRow[], records: readonly GameRecord[]): string[] {
  const out: string[] = [];
  const groups = new Map<string, MatchupRow[]>();
  for (const r of rows) if (r.factionA !== r.factionB) groups.set(`${r.factionA} vs ${r.factionB} at ${r.points}`, [...(groups.get(`${r.factionA} vs ${r.factionB} at ${r.points}`) ?? []), r]);
  for (const [k, rs] of groups) {
    const up = rs.filter((r) => r.today.low > 0.5).map((r) => r.scenario);
    const down = rs.filter((r) => r.today.high < 0.5).map((r) => r.scenario);
    if (up.length > 0 && down.length > 0) out.push(`${k}: the first wins on ${up.join(', ')} and loses on ${down.join(', ')}: the scenario decides, not a price`);
  }
  const today = records.filter((r) => r.cell.endsWith(' | today'));
  const first = today.reduce((t, r) => t + (r.winner === 'draw' ? 0.5 : r.winner === r.firstSeat ? 1 : 0), 0);
  const w = wilsonInterval(first, today.length);
  if (today.length > 0 && (w.low > 0.5 || w.high < 0.5)) {
    out.push(
      `the ${w.low > 0.5 ? 'first' : 'second'} seat wins ${(100 * w.p).toFixed(1)}% [${(100 * w.low).toFixed(1)}%, ${(100 * w.high).toFixed(1)}%] of ${today.length} games: no price can fix a seat`,
    );
  }
  return out;
}

/** One row of abilities.csv. */
export interface AbilityRow {
  faction: string;
  ability: string;
  pairs: number;
  rateWith: number;
  rateWithout: number;
  /** logit(with) − logit(without). */
  logits: number;
  worth: number;
  low: number;
  high: number;
}

const logit = (p: number): number => Math.log(p / (1 - p));

/**
 * What each ability is worth in points: army A's score with the ability and
 * without it on the same seeds, as a difference in logits, divided by the
 * fit's points scale. The interval bootstraps the seed pairs and adds the
 * scale's own uncertainty (delta method).
 */
export function abilityRows(o: { plan: BalancePlan; trials: readonly AbilityTrial[]; records: readonly GameRecord[]; scale: number; scaleSe: number }): AbilityRow[] {
  const score = new Map<string, number>();
  for (const r of o.records) {
    const k = `${r.cell}\u0000${Math.floor(r.game / 2)}`;
    score.set(k, (score.get(k) ?? 0) + scoreA(r) / 2);
  }
  const z = normalQuantile(0.975);
  return o.trials.map((t, ti) => {
    const label = abilityLabel(t);
    const withKeys: string[] = [];
    const withoutKeys: string[] = [];
    for (const k of score.keys()) {
      const [cell] = k.split('\u0000');
      if (!cell.startsWith(`${t.faction.id} vs `)) continue;
      const suffix = t.ability ? ` | without ${label}` : ` | ${label}`;
      if (cell.endsWith(suffix)) {
        withoutKeys.push(k);
        withKeys.push(k.replace(`${suffix}\u0000`, ` | with\u0000`));
      }
    }
    const n = withoutKeys.length;
    const w = withKeys.map((k) => score.get(k) ?? Number.NaN);
    const wo = withoutKeys.map((k) => score.get(k)!);
    // A rate of 0 or 1 has no logit: half a game keeps it finite.
    const clamp = (p: number): number => Math.min(1 - 0.5 / n, Math.max(0.5 / n, p));
    const diff = (idx: ArrayLike<number>): number => {
      let a = 0;
      let b = 0;
      for (let i = 0; i < idx.length; i++) {
        a += w[idx[i]];
        b += wo[idx[i]];
      }
      return logit(clamp(a / idx.length)) - logit(clamp(b / idx.length));
    };
    const all = Array.from({ length: n }, (_v, i) => i);
    const d = diff(all);
    const rng = seedrandom(`${o.plan.seed}/abilities/${ti}`);
    const reps: number[] = [];
    const idx = new Int32Array(n);
    for (let r = 0; r < 1000 && n > 1; r++) {
      for (let i = 0; i < n; i++) idx[i] = Math.floor(rng() * n);
      reps.push(diff(idx));
    }
    const mean = reps.reduce((s, x) => s + x, 0) / Math.max(1, reps.length);
    const sd = Math.sqrt(reps.reduce((s, x) => s + (x - mean) ** 2, 0) / Math.max(1, reps.length - 1));
    const worth = d / o.scale;
    const se = Math.sqrt((sd / o.scale) ** 2 + ((d * o.scaleSe) / (o.scale * o.scale)) ** 2);
    return {
      faction: t.faction.id,
      ability: label,
      pairs: n,
      rateWith: w.reduce((s, x) => s + x, 0) / Math.max(1, n),
      rateWithout: wo.reduce((s, x) => s + x, 0) / Math.max(1, n),
      logits: d,
      worth,
      low: worth - z * se,
      high: worth + z * se,
    };
  });
}
