/** The Policy interface belongs to the engine (which asks it); re-exported here for bot authors. */
export type { GameView, Policy } from '../engine/types.js';
