import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Those mount file systems or need Wine: `npm run test:fs` and `npm run test:windows` run them.
    exclude: ['test/fs/**', 'test/windows/**', '**/node_modules/**'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    globalSetup: ['test/harness/temp-root.ts'],
    // GitHub's workflow parser imports its JSON schemas without import attributes: Node's own loader refuses
    // that, so vitest's loader takes the package instead.
    server: { deps: { inline: ['@actions/workflow-parser', '@actions/expressions'] } },
  },
});
