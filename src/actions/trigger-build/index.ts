import { run } from './trigger-build.ts';

await run();
