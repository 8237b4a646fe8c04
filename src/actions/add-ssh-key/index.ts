import { runAction } from '../../action/run.ts';
import { addSshKey, spec } from './add-ssh-key.ts';

await runAction(spec, addSshKey);
