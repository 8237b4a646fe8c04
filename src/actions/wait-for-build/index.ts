import { run } from './wait-for-build.ts';

await run();
