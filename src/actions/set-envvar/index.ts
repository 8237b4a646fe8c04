import { runAction } from '../../action/run.ts';
import { setEnvvar, spec } from './set-envvar.ts';

await runAction(spec, setEnvvar);
