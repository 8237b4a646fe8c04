import { runAction } from '../../action/run.ts';
import { spec, triggerBuild } from './trigger-build.ts';

await runAction(spec, triggerBuild);
