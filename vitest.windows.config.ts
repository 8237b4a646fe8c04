// `npm run test:windows` (scripts/test-windows.sh prepares Wine and node.exe first): every bundle under Windows.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/windows/**/*.test.ts'],
    testTimeout: 240_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // One Wine at a time: its server and prefix are shared.
    fileParallelism: false,
    globalSetup: ['test/harness/temp-root.ts'],
  },
});
