/** Defaults the CLI's help shows; kept apart so `--help` does not load the pool. */
export const DEFAULT_CHUNK = 20;
export const DEFAULT_PRECISION_BATCH = 200;
export const DEFAULT_PRECISION_MAX_GAMES = 20_000;
