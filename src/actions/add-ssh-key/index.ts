import { run } from './add-ssh-key.ts';

await run();
