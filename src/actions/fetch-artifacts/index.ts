import { runAction } from '../../action/run.ts';
import { fetchArtifacts, spec } from './fetch-artifacts.ts';

await runAction(spec, fetchArtifacts);
