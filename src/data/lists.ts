/**
 * A packed copy of a list in the elements kind of a list of objects, even
 * when empty. A bare `[]` starts as small integers and zod builds holey lists
 * with Array(n); the engine's hot loops over data lists were deoptimised the
 * first time a worker met a list of the other kind (an empty one, usually).
 */
export function packedList<T>(xs: Iterable<T>): T[] {
  const out: T[] = [null as T]; // sets the kind: a list of objects
  out.pop();
  for (const x of xs) out.push(x);
  return out;
}
