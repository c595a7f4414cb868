import { describe, expect, it } from 'vitest';

describe('builds', () => {
  it('the version names the build: a hash of the running code', async () => {
    const { packageVersion } = await import('../../src/batch/package.js');
    expect(packageVersion()).toMatch(/^\d+\.\d+\.\d+\+[0-9a-f]{12}$/);
  });
});
