import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Those mount file systems, need Wine or work at size: `npm run test:fs`, `npm run test:windows` and
    // `npm run test:slow` run them.
    exclude: ['test/fs/**', 'test/windows/**', '**/*.slow.test.ts', '**/node_modules/**'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    globalSetup: ['test/harness/temp-root.ts'],
    // GitHub's workflow parser imports its JSON schemas without import attributes: Node's own loader refuses
    // that, so vitest's loader takes the package instead.
    server: { deps: { inline: ['@actions/workflow-parser', '@actions/expressions'] } },
  },
});
