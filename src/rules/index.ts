/** Rules data: ruleset knobs, profiles, special rules. The rules module's public API. */
export { DEFAULT_RULESET, type Ruleset } from './ruleset.js';
export { resolveRuleset, loadRuleset, validateRulesetJson, rulesetSchema } from './schema.js';
export { BUILT_IN_SPECIAL_RULES, resolveSpecialRule } from './specialRules.js';
export { seizingWeight } from './seizing.js';
export { resolveProfile } from './profile.js';
export type * from './types.js';
