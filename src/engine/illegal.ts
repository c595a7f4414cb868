/** The illegal choice: the error every room of the engine throws, and the checks they share. */

/** Thrown for a choice the rules do not allow: the engine never silently changes it (DESIGN). */
export class IllegalChoiceError extends Error {
  override readonly name = 'IllegalChoiceError';
}

export function illegal(msg: string): never {
  throw new IllegalChoiceError(msg);
}

/** Whether both are finite numbers (Number.isFinite is false for anything else). */
export function finite(a: unknown, b: unknown): boolean {
  return Number.isFinite(a) && Number.isFinite(b);
}
