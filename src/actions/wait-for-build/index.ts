import { runAction } from '../../action/run.ts';
import { spec, waitForBuild } from './wait-for-build.ts';

await runAction(spec, waitForBuild);
