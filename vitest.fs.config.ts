// `npm run test:fs` (scripts/test-fs.sh mounts the file systems first): the tests on real NTFS and exFAT.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/fs/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // One mount at a time: FUSE file systems serve one request at a time anyway.
    fileParallelism: false,
    globalSetup: ['test/harness/temp-root.ts'],
  },
});
