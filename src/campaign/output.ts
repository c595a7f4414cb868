/** The campaign CSVs: their columns, rows and the running summary behind territories.csv and the printed summary. */
import { columnsOf, csvFields, fieldsByName, rowOf, type CsvSchema } from '../batch/csv.js';
import { wilsonInterval } from '../stats/index.js';
import type { BattleRecord, Campaign } from './types.js';
import type { CampaignRow } from './worker.js';

/** A campaign with its file, as its campaigns.csv and battles.csv rows see it. */
interface Of {
  c: Campaign;
  r: CampaignRow;
}

const HOLDER = ['-', 'a', 'b'];
const holders = (h: number[]): string => h.map((f) => HOLDER[f + 1]).join('');
const unholders = (s: string): number[] => [...s].map((ch) => HOLDER.indexOf(ch) - 1);

/** campaigns.csv: one row a campaign. `a` and `b` are factions[0] and factions[1] of the file. */
export const CAMPAIGN_SCHEMA: CsvSchema<Of> = [
  { name: 'campaign', value: ({ r }) => r.campaign },
  { name: 'seed', value: ({ r }) => r.seed },
  { name: 'faction_a', value: ({ c }) => c.factions[0].name },
  { name: 'faction_b', value: ({ c }) => c.factions[1].name },
  { name: 'winner', value: ({ c, r }) => c.factions[r.winner].name },
  { name: 'cycles', value: ({ r }) => r.cycles },
  { name: 'cp_a', value: ({ r }) => r.campaignPoints[0] },
  { name: 'cp_b', value: ({ r }) => r.campaignPoints[1] },
  { name: 'decided_by', value: ({ r }) => r.decidedBy },
  // One letter a territory in map order: a, b or - (neutral); what territories.csv is computed from.
  { name: 'end_holders', value: ({ r }) => holders(r.endHolder) },
  { name: 'cycle3_holders', value: ({ r }) => holders(r.cycle3Holder) },
];

export const CAMPAIGN_COLUMNS = columnsOf(CAMPAIGN_SCHEMA);

export function campaignRow(c: Campaign, r: CampaignRow): (string | number)[] {
  return rowOf(CAMPAIGN_SCHEMA, { c, r });
}

/** What the summary needs of a campaign. */
export type SummaryInput = Pick<CampaignRow, 'winner' | 'cycles' | 'decidedBy' | 'endHolder' | 'cycle3Holder'>;

/** A campaigns.csv line back into what the summary needs (merging slices). */
export function summaryInputOf(c: Campaign, line: string): SummaryInput {
  const f = fieldsByName(CAMPAIGN_SCHEMA, csvFields(CAMPAIGN_SCHEMA, line));
  const winner = c.factions.findIndex((x) => x.name === f.winner);
  const endHolder = unholders(f.end_holders);
  const cycle3Holder = unholders(f.cycle3_holders);
  const n = c.territories.length;
  if (winner < 0 || endHolder.length !== n || cycle3Holder.length !== n || [...endHolder, ...cycle3Holder].includes(-2)) {
    throw new Error(`expected ${CAMPAIGN_COLUMNS.length} fields of a campaign of ${c.name}`);
  }
  return { winner: winner as 0 | 1, cycles: Number(f.cycles), decidedBy: f.decided_by as SummaryInput['decidedBy'], endHolder, cycle3Holder };
}

/** A territory as its territories.csv row sees it: over `n` campaigns, who held it at the end and at cycle 3. */
interface TerritoryOf {
  t: Campaign['territories'][number];
  n: number;
  /** Campaigns it ended held by faction a, b, nobody. */
  endHeld: readonly number[];
  cycle3: { held: number; predicts: number; lift: number };
}

/** territories.csv: one row a territory, rates over all campaigns. */
export const TERRITORY_SCHEMA: CsvSchema<TerritoryOf> = [
  { name: 'territory', value: ({ t }) => t.id },
  { name: 'type', value: ({ t }) => t.type },
  { name: 'q', value: ({ t }) => t.q },
  { name: 'r', value: ({ t }) => t.r },
  { name: 'campaign_points', value: ({ t }) => t.campaignPoints },
  { name: 'requisition_points', value: ({ t }) => t.requisitionPoints },
  { name: 'held_end_a', value: (x) => round4(x.endHeld[0] / x.n) },
  { name: 'held_end_b', value: (x) => round4(x.endHeld[1] / x.n) },
  { name: 'held_end_neutral', value: (x) => round4(x.endHeld[2] / x.n) },
  { name: 'held_cycle3', value: (x) => round4(x.cycle3.held / x.n) },
  { name: 'predicts_winner_cycle3', value: (x) => round4(x.cycle3.predicts) },
  { name: 'lift_cycle3', value: (x) => round4(x.cycle3.lift) },
];

export const TERRITORY_COLUMNS = columnsOf(TERRITORY_SCHEMA);

/** A battle of a campaign, as its battles.csv row sees it. */
interface BattleOf extends Of {
  b: BattleRecord;
}

const territoryOf = ({ c, b }: BattleOf) => (b.territory >= 0 ? c.territories[b.territory] : null);

/** battles.csv: one row a battle fought in the engine. */
export const BATTLE_SCHEMA: CsvSchema<BattleOf> = [
  { name: 'campaign', value: ({ r }) => r.campaign },
  { name: 'cycle', value: ({ b }) => b.cycle },
  { name: 'territory', value: (x) => territoryOf(x)?.id ?? 'final' },
  { name: 'type', value: (x) => territoryOf(x)?.type ?? "Commanders' battle" },
  { name: 'mission', value: ({ b }) => b.mission },
  { name: 'invader', value: ({ c, b }) => c.players[b.invader].name },
  { name: 'protector', value: ({ c, b }) => c.players[b.protector].name },
  { name: 'invader_faction', value: ({ c, b }) => c.factions[c.players[b.invader].faction].name },
  { name: 'result', value: ({ b }) => b.result },
  { name: 'winner', value: ({ c, b }) => (b.result === 'draw' ? '' : c.players[b.result === 'invader' ? b.invader : b.protector].name) },
  { name: 'vp_invader', value: ({ b }) => b.vpInvader },
  { name: 'vp_protector', value: ({ b }) => b.vpProtector },
  // R28: a wiped-out army loses whatever the VP, so a wipeOut may go against the VP order.
  { name: 'end_reason', value: ({ b }) => b.endReason },
  // Who controlled the territory before the battle (a player; empty when neutral).
  { name: 'holder_before', value: ({ c, b }) => (b.holderBefore >= 0 ? c.players[b.holderBefore].name : '') },
  { name: 'invader_extra', value: ({ b }) => b.invaderExtra },
  { name: 'protector_extra', value: ({ b }) => b.protectorExtra },
  { name: 'rp_spent_invader', value: ({ b }) => b.rpSpent[0] },
  { name: 'rp_spent_protector', value: ({ b }) => b.rpSpent[1] },
  // What the territory's rules changed (R34): RP off the protector's extra regiment, Cavalry March inches, obstacles.
  { name: 'rp_discount', value: ({ b }) => b.rpDiscount },
  { name: 'cavalry_march', value: ({ b }) => b.cavalryMarch },
  { name: 'protector_obstacles', value: ({ b }) => b.protectorObstacles },
];

export const BATTLE_COLUMNS = columnsOf(BATTLE_SCHEMA);

export function battleRows(c: Campaign, r: CampaignRow): (string | number)[][] {
  return r.battles.map((b) => rowOf(BATTLE_SCHEMA, { c, r, b }));
}

const round4 = (x: number): number => Math.round(x * 10_000) / 10_000;

/** Accumulates campaigns in order: faction wins, and per territory who held it and whether its holder won. */
export class CampaignSummary {
  campaigns = 0;
  wins: [number, number] = [0, 0];
  cycles = 0;
  decidedBy = new Map<string, number>();
  /** Per territory: held at the end by faction 0, faction 1, nobody. */
  private endHeld: number[][];
  /** Per territory and faction: held at cycle 3, and of those the campaigns that faction won. */
  private c3Held: number[][];
  private c3Won: number[][];

  constructor(readonly c: Campaign) {
    const n = c.territories.length;
    this.endHeld = Array.from({ length: n }, () => [0, 0, 0]);
    this.c3Held = Array.from({ length: n }, () => [0, 0]);
    this.c3Won = Array.from({ length: n }, () => [0, 0]);
  }

  add(r: SummaryInput): void {
    this.campaigns++;
    this.wins[r.winner]++;
    this.cycles += r.cycles;
    this.decidedBy.set(r.decidedBy, (this.decidedBy.get(r.decidedBy) ?? 0) + 1);
    r.endHolder.forEach((h, t) => this.endHeld[t][h < 0 ? 2 : h]++);
    r.cycle3Holder.forEach((h, t) => {
      if (h < 0) return;
      this.c3Held[t][h]++;
      if (r.winner === h) this.c3Won[t][h]++;
    });
  }

  /** Faction f's win rate over all campaigns. */
  rate(f: 0 | 1): number {
    return this.campaigns === 0 ? 0 : this.wins[f] / this.campaigns;
  }

  /**
   * Per territory: how often its cycle-3 holder won, and the lift: that rate
   * minus the holders' overall win rates (so a favoured faction's holdings do
   * not look decisive merely because that faction wins anyway).
   */
  territoryStats(): { held: number; predicts: number; lift: number }[] {
    return this.c.territories.map((_, t) => {
      const held = this.c3Held[t][0] + this.c3Held[t][1];
      const won = this.c3Won[t][0] + this.c3Won[t][1];
      const expected = this.c3Held[t][0] * this.rate(0) + this.c3Held[t][1] * this.rate(1);
      return { held, predicts: held === 0 ? 0 : won / held, lift: held === 0 ? 0 : (won - expected) / held };
    });
  }

  territoryRows(): (string | number)[][] {
    const n = Math.max(1, this.campaigns);
    const stats = this.territoryStats();
    return this.c.territories.map((t, i) => rowOf(TERRITORY_SCHEMA, { t, n, endHeld: this.endHeld[i], cycle3: stats[i] }));
  }

  /** The printed summary: faction win rate with its 95% Wilson interval, and the territories that decide campaigns most. */
  text(top = 5): string {
    const [a, b] = this.c.factions.map((f) => f.name);
    const lines: string[] = [];
    if (this.campaigns === 0) return 'no campaigns finished';
    const w = wilsonInterval(this.wins[0], this.campaigns);
    const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;
    lines.push(`${a} won ${this.wins[0]} of ${this.campaigns} campaigns: ${pct(w.p)} (95% interval ${pct(w.low)}–${pct(w.high)}); ${b} ${pct(this.rate(1))}`);
    lines.push(w.low > 0.5 ? `${a} is favoured.` : w.high < 0.5 ? `${b} is favoured.` : 'Neither faction is favoured at 95% confidence (the interval holds 50%).');
    lines.push(`mean ${(this.cycles / this.campaigns).toFixed(1)} cycles; ended by ${[...this.decidedBy].map(([k, v]) => `${k} ${v}`).join(', ')}`);
    const stats = this.territoryStats()
      .map((s, i) => ({ ...s, t: this.c.territories[i] }))
      .filter((s) => s.held >= Math.max(5, 0.1 * this.campaigns))
      .sort((x, y) => y.lift - x.lift || x.t.id.localeCompare(y.t.id))
      .slice(0, top);
    if (stats.length > 0) {
      lines.push('territories that decide campaigns most (holder at the end of cycle 3 → campaign winner):');
      for (const s of stats) {
        lines.push(`  ${s.t.id} (${s.t.type}): held in ${s.held}, holder won ${pct(s.predicts)}, ${s.lift >= 0 ? '+' : ''}${(100 * s.lift).toFixed(1)} points over the holders' overall rate`);
      }
    }
    return lines.join('\n');
  }
}
