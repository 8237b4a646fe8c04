import { defineConfig } from 'vitest/config';
import base from './vitest.config.ts';

// The slow lane (`npm run test:slow`): tests that wait in real time or work at size, one file at a time.
export default defineConfig({
  test: {
    ...base.test,
    include: ['test/**/*.slow.test.ts'],
    exclude: ['**/node_modules/**'],
    testTimeout: 300_000,
    fileParallelism: false,
  },
});
