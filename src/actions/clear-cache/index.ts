import { run } from './clear-cache.ts';

await run();
