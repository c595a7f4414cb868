/** Reading the JSON files designers edit, and the uniform validator shape. */
export { readJsonFile, parseJsonText, inputFileProblem, MAX_JSON_DEPTH, formatIssues, lineColumn, type ValidationResult, type JsonValidator } from './json.js';
export { packedList } from './lists.js';
export { BOUNDS, boundedInt, boundedNumber, boundedList, type BoundName } from './bounds.js';
export { checkOutputFile, checkOutputDir, cleanStaleTemporaries, isDiskFull, makeOutputDir, openNew, removeIfPresent, StagedFiles, tmpNameFor, writeFileAtomically, writeNew } from './outputs.js';
