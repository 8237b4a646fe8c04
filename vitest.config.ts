import { defineConfig } from 'vitest/config';
import type { InlineConfig } from 'vitest/node';

/** What `npm test` leaves to `npm run test:slow`: tests that wait in real time or work at size. */
export const SLOW_TESTS = ['test/**/*.slow.test.ts', 'test/**/*.soak.test.ts', 'test/demo.test.ts'];

/** Those mount file systems or need Wine: `npm run test:fs` and `npm run test:windows` run them. */
const ELSEWHERE = ['test/fs/**', 'test/windows/**', '**/node_modules/**'];

/** Both lanes' settings; a lane names its files. */
export const shared: InlineConfig = {
  testTimeout: 30_000,
  hookTimeout: 30_000,
  pool: 'forks',
  globalSetup: ['test/harness/temp-root.ts'],
  // The contract check of every bundle test's API v2 exchanges with the emulator (test/contract/setup.ts).
  setupFiles: ['test/contract/setup.ts'],
  // GitHub's workflow parser imports its JSON schemas without import attributes: Node's own loader refuses
  // that, so vitest's loader takes the package instead.
  server: { deps: { inline: ['@actions/workflow-parser', '@actions/expressions'] } },
};

export default defineConfig({
  test: { ...shared, include: ['test/**/*.test.ts'], exclude: [...ELSEWHERE, ...SLOW_TESTS] },
});

export const slow = defineConfig({
  test: { ...shared, include: SLOW_TESTS, exclude: ELSEWHERE, testTimeout: 120_000 },
});
