// `npm run test:slow`: tests that wait in real time or work at size, kept out of `npm test` so it stays fast.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.slow.test.ts'],
    exclude: ['test/fs/**', 'test/windows/**', '**/node_modules/**'],
    testTimeout: 180_000,
    hookTimeout: 30_000,
    pool: 'forks',
    globalSetup: ['test/harness/temp-root.ts'],
    server: { deps: { inline: ['@actions/workflow-parser', '@actions/expressions'] } },
  },
});
