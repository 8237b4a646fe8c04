// `npm run test:slow`: the tests `npm test` leaves out (SLOW_TESTS in vitest.config.ts).
import { slow } from './vitest.config.ts';

export default slow;
