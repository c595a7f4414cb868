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
`;

export function htmlTable(t: NumberTable): string {
  const head = t.columns.map((c) => `<th>${esc(c)}</th>`).join('');
  const body = t.rows.map((r) => `<tr>${r.map((v) => `<td>${esc(String(v))}</td>`).join('')}</tr>`).join('\n');
  return `<table><thead><tr>${head}</tr></thead><tbody>\n${body}\n</tbody></table>`;
}

export function replayList(links: ReplayLink[], note: string | undefined): string {
  if (links.length === 0) return note ? `<p class="meta">${esc(note)}</p>` : '';
  const items = links.map((l) => `<li><a href="${esc(l.file)}">${esc(l.cell)}, game ${l.game}</a>: ${esc(l.why)} (${esc(l.summary)})</li>`).join('\n');
  return `<p class="caption">Replays of notable games, played again from their seeds: step through them with the buttons, the slider or the arrow keys.</p>\n<ul>\n${items}\n</ul>`;
}
