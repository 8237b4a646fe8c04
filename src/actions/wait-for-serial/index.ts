import { run } from './wait-for-serial.ts';

await run();
