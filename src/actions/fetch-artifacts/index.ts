import { run } from './fetch-artifacts.ts';

await run();
