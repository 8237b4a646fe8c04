import { runAction } from '../../action/run.ts';
import { spec, waitForSerial } from './wait-for-serial.ts';

await runAction(spec, waitForSerial);
