import { runAction } from '../../action/run.ts';
import { general, spec } from './general.ts';

await runAction(spec, general);
