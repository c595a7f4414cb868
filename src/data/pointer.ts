/** RFC 6901 JSON pointers: "/regiments/2/points" names a place in a JSON document. */

/** The pointer's reference tokens ("~1" is "/", "~0" is "~"); null when it is not a pointer. */
export function parsePointer(pointer: string): string[] | null {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) return null;
  const tokens = pointer.slice(1).split('/');
  if (tokens.some((t) => /~[^01]|~$/.test(t))) return null;
  return tokens.map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/**
 * Sets the value at `pointer` in a deep copy of `doc`. The parent must exist
 * (an object gains a missing key; an array index must be in range) unless
 * `create` lets missing objects on the way be made. Returns the new document,
 * or a message saying where the pointer leaves the document.
 */
export function setAtPointer(doc: unknown, pointer: string, value: unknown, create = false): { doc: unknown } | { error: string } {
  const tokens = parsePointer(pointer);
  if (tokens === null) return { error: `"${pointer}" is not a JSON pointer (RFC 6901: "" or "/key/0/…")` };
  if (tokens.length === 0) return { doc: structuredClone(value) };
  const root = structuredClone(doc);
  let at: unknown = root;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    const last = i === tokens.length - 1;
    const where = `/${tokens.slice(0, i).join('/')}`;
    if (Array.isArray(at)) {
      if (!/^(0|[1-9]\d*)$/.test(t) || Number(t) >= at.length) {
        return { error: `${where} is a list of ${at.length} items: "${t}" is not one of its indices` };
      }
      if (last) at[Number(t)] = structuredClone(value);
      else at = at[Number(t)];
    } else if (typeof at === 'object' && at !== null) {
      const obj = at as Record<string, unknown>;
      if (last) obj[t] = structuredClone(value);
      else {
        if (!Object.hasOwn(obj, t)) {
          if (!create) return { error: `${where === '/' ? 'the document' : where} has no "${t}"` };
          obj[t] = {};
        }
        at = obj[t];
      }
    } else {
      return { error: `${where} is ${JSON.stringify(at)}, not an object or a list` };
    }
  }
  return { doc: root };
}
