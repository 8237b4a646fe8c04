import { runAction } from '../../action/run.ts';
import { clearCache, spec } from './clear-cache.ts';

await runAction(spec, clearCache);
