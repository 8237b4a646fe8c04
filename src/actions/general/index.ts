import { run } from './general.ts';

await run();
