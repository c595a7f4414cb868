import * as vega from 'vega';
import { parse, View } from 'vega';
import { compile, type TopLevelSpec } from 'vega-lite';

/** Fonts and colours shared by every chart, so the page reads as one document. */
const CONFIG = {
  font: 'sans-serif',
  title: { fontSize: 14, anchor: 'start' as const, subtitleFontSize: 11, subtitleColor: '#555' },
  axis: { labelFontSize: 11, titleFontSize: 12, labelLimit: 420 },
  header: { labelFontSize: 12, titleFontSize: 12 },
  legend: { labelFontSize: 11, titleFontSize: 11 },
  view: { stroke: '#ccc' },
};

/**
 * Widths of DejaVu Sans (the sans-serif of most Linux browsers; Helvetica
 * and Arial are narrower), in ems. vega in Node has no canvas and guesses
 * 0.8 em a character, which cuts labels ("balanced vs b…") that fit and
 * leaves wide gaps; with these the layout matches what a browser draws.
 */
const EM: Record<string, number> = {
  ...Object.fromEntries([...'abdghnopqu'].map((c) => [c, 0.635])),
  ...Object.fromEntries([...'0123456789'].map((c) => [c, 0.636])),
  c: 0.55, e: 0.615, f: 0.352, i: 0.278, j: 0.278, k: 0.579, l: 0.278, m: 0.974, r: 0.411, s: 0.521, t: 0.392, v: 0.592, w: 0.818, x: 0.592, y: 0.592, z: 0.525,
  A: 0.684, B: 0.686, C: 0.698, D: 0.77, E: 0.632, F: 0.575, G: 0.775, H: 0.752, I: 0.295, J: 0.295, K: 0.656, L: 0.557, M: 0.863, N: 0.748, O: 0.787, P: 0.603, Q: 0.787, R: 0.695, S: 0.635, T: 0.611, U: 0.732, V: 0.684, W: 0.989, X: 0.685, Y: 0.611, Z: 0.685,
  ' ': 0.318, '-': 0.361, '.': 0.318, ',': 0.318, ':': 0.337, ';': 0.337, '(': 0.39, ')': 0.39, '%': 0.95, '/': 0.337, '·': 0.318, '…': 1, _: 0.5, '’': 0.318, "'": 0.275, '=': 0.838, '+': 0.838, '−': 0.838, '–': 0.5, '×': 0.838,
}; // prettier-ignore

function textWidth(item: { fontSize?: number; fontWeight?: string | number; text?: unknown }, text: unknown): number {
  const t = String(text ?? item.text ?? '');
  const size = item.fontSize ?? 11;
  let em = 0;
  for (const ch of t) em += EM[ch] ?? 0.65;
  const bold = item.fontWeight === 'bold' || Number(item.fontWeight) >= 600;
  return em * size * (bold ? 1.1 : 1);
}
// vega's own typings leave textMetrics out; it is vega-scenegraph's, re-exported.
(vega as unknown as { textMetrics: { width: (item: object, text: unknown) => number } }).textMetrics.width = textWidth;

/** Draws a vega-lite spec to an SVG string in Node (no browser, no canvas: text widths are estimated). */
export async function renderSvg(spec: TopLevelSpec, idPrefix: string): Promise<string> {
  const vg = compile({ ...spec, config: { ...CONFIG, ...(spec.config ?? {}) } } as TopLevelSpec).spec;
  const view = new View(parse(vg), { renderer: 'none' });
  try {
    return ownIds(await view.toSVG(), idPrefix);
  } finally {
    view.finalize();
  }
}

/**
 * vega numbers gradients and clip paths from a process-wide counter: give
 * each chart its own ids so a page with many charts has no clashes and the
 * same folder gives the same bytes.
 */
function ownIds(svg: string, prefix: string): string {
  const ids = [...new Set([...svg.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]))];
  let out = svg;
  ids.forEach((id, i) => {
    const fresh = `${prefix}-${i}`;
    out = out.split(`id="${id}"`).join(`id="${fresh}"`).split(`url(#${id})`).join(`url(#${fresh})`);
  });
  return out;
}
