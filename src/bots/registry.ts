import { InputError } from '../errors.js';
import { randomPolicy } from './random.js';
import type { Policy } from './types.js';

/** Built-in policies by name, strongest last. */
const POLICIES: Policy[] = [randomPolicy];

export function listPolicies(): string[] {
  return POLICIES.map((p) => p.name);
}

/** The strongest built-in policy (the quickstart's default). */
export function strongestPolicy(): string {
  return POLICIES[POLICIES.length - 1].name;
}

export function getPolicy(name: string): Policy {
  const p = POLICIES.find((x) => x.name === name);
  if (!p) throw new InputError(`unknown policy "${name}" (built-in: ${listPolicies().join(', ')})`);
  return p;
}
