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
export async function renderSvg(spec: TopLevelSpec): Promise<string> {
  const vg = compile({ ...spec, config: { ...CONFIG, ...(spec.config ?? {}) } } as TopLevelSpec).spec;
  const view = new View(parse(vg), { renderer: 'none' });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}
