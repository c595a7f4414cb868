import type { NumberTable, ReplayLink } from './types.js';

export function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

export const PAGE_STYLE = `
body { font-family: sans-serif; margin: 24px auto; max-width: 1100px; color: #222; padding: 0 16px; }
h1 { font-size: 22px; margin-bottom: 4px; }
h2 { font-size: 18px; border-bottom: 1px solid #ccc; padding-bottom: 4px; margin-top: 36px; }
.meta, .caption { color: #555; font-size: 13px; }
.caption { margin: 2px 0 8px; font-size: 14px; color: #333; }
figure { margin: 18px 0 28px; }
figure svg { max-width: 100%; height: auto; }
.verdict { font-size: 15px; margin: 6px 0; }
details { margin: 6px 0 0; font-size: 12px; }
table { border-collapse: collapse; font-size: 12px; margin: 6px 0; }
th, td { border: 1px solid #ddd; padding: 2px 8px; text-align: right; }
th { background: #f3f3f3; }
td:first-child, th:first-child { text-align: left; }
nav a { margin-right: 12px; }
.toc { font-size: 14px; margin: 12px 0; }
.toc ol { margin: 4px 0; padding-left: 22px; }
.toc ol ol { font-size: 13px; }
.toc li { margin: 2px 0; }
.narrow { display: none; }
.map-title { font-weight: bold; font-size: 14px; margin-bottom: 4px; }
figure.map svg { max-width: 100%; height: auto; }
.scroll { overflow-x: auto; }
@media (max-width: 700px) {
  body { margin: 12px auto; padding: 0 10px; font-size: 15px; }
  h1 { font-size: 20px; }
  .wide { display: none; }
  .narrow { display: block; }
  figure { margin: 14px 0 22px; }
  .caption, .verdict { font-size: 15px; }
  .meta { font-size: 13px; }
  details { font-size: 13px; overflow-x: auto; }
  table { font-size: 13px; }
  li { margin: 6px 0; }
  /* The map keeps its size (its text stays readable) and scrolls sideways. */
  figure.map .map-scroll { overflow-x: auto; }
  figure.map svg { max-width: none; }
}
`;

/** Decimals of a number as the rounding left it ("27.5" → 1, "30" → 0). */
const decimals = (x: number): number => {
  const t = String(x);
  return /e/.test(t) ? 0 : t.includes('.') ? t.length - t.indexOf('.') - 1 : 0;
};

/**
 * A table; each column's numbers printed with the same decimals (its most
 * precise: "30.0" beside "27.5", never "30"), text cells as they are.
 */
export function htmlTable(t: NumberTable): string {
  const head = t.columns.map((c) => `<th>${esc(c)}</th>`).join('');
  const places = t.columns.map((_, i) => Math.max(0, ...t.rows.map((r) => (typeof r[i] === 'number' && Number.isFinite(r[i]) ? decimals(r[i] as number) : 0))));
  const cell = (v: string | number, i: number): string => (typeof v === 'number' && Number.isFinite(v) ? v.toFixed(places[i]) : String(v));
  const body = t.rows.map((r) => `<tr>${r.map((v, i) => `<td>${esc(cell(v, i))}</td>`).join('')}</tr>`).join('\n');
  return `<table><thead><tr>${head}</tr></thead><tbody>\n${body}\n</tbody></table>`;
}

export function replayList(links: ReplayLink[], note: string | undefined): string {
  if (links.length === 0) return note ? `<p class="meta">${esc(note)}</p>` : '';
  const cells = [...new Set(links.map((l) => l.cell))];
  // Per cell, the link names what the game shows and how it ended.
  const items = cells
    .map((c) => {
      const games = links.filter((l) => l.cell === c).map((l) => `<li><a href="${esc(l.file)}">${esc(l.why)}</a>: ${esc(l.summary)} (game ${l.game})</li>`);
      return `<li>${esc(c)}<ul>\n${games.join('\n')}\n</ul></li>`;
    })
    .join('\n');
  const rule =
    'Replays of notable games, played again from their seeds. Per cell: the closest game that went the distance (ended by scoring, not a wipe-out: the smallest VP margin), ' +
    'the biggest upset (the army that won fewer of the cell’s games, winning by the most VP) and the earliest wipe-out, when the cell has them. ' +
    'Step through a replay with the buttons, the slider or the arrow keys.';
  return `<p class="caption">${esc(rule)}</p>\n<ul class="replays">\n${items}\n</ul>${note ? `\n<p class="meta">${esc(note)}</p>` : ''}`;
}
