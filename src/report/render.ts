import { parse, View } from 'vega';
import { compile, type TopLevelSpec } from 'vega-lite';

/** Fonts and colours shared by every chart, so the page reads as one document. */
const CONFIG = {
  font: 'sans-serif',
  title: { fontSize: 14, anchor: 'start' as const, subtitleFontSize: 11, subtitleColor: '#555' },
  axis: { labelFontSize: 11, titleFontSize: 12, labelLimit: 420 },
  legend: { labelFontSize: 11, titleFontSize: 11 },
  view: { stroke: '#ccc' },
};

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
