import { run } from './set-envvar.ts';

await run();
