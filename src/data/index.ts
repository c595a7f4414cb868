/** Reading the JSON files designers edit, and the uniform validator shape. */
export { readJsonFile, parseJsonText, formatIssues, lineColumn, type ValidationResult, type JsonValidator } from './json.js';
export { packedList } from './lists.js';
