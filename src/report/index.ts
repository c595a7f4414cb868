/** The HTML report of a run folder: charts drawn in Node by vega-lite, tables of the same numbers, replays. */
export { buildReport, detectKind, writeReport } from './report.js';
export { replayHtml, recordReplay, ReplayRecorder, type RecordReplayOptions, type ReplayData, type ReplayFrame, type ReplayPath } from './replay.js';
export type * from './types.js';
