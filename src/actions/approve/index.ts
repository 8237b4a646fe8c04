import { run } from './approve.ts';

await run();
