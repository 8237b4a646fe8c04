// Every test file's setup (vitest.config.ts, setupFiles): every emulator a test starts records its API v2
// exchanges, and a test that ran a bundle against it fails when one of them breaks the service's reference
// (test/contract/check.ts; docs/v2.md, "The service's reference").
import { afterEach, beforeEach } from 'vitest';
import { recordV2Exchanges } from '../../emulator/exchanges.ts';
import { recordExchange, takeExchanges } from './exchanges.ts';

recordV2Exchanges(recordExchange);

beforeEach(() => {
  takeExchanges();
});

afterEach(async () => {
  const { exchanges, bundleRan } = takeExchanges();
  if (!bundleRan || exchanges.length === 0) return;
  // Loaded only when there is something to check, so that other tests do not pay for compiling the schemas.
  const { contractError } = await import('./check.ts');
  const error = contractError(exchanges);
  if (error !== undefined) throw error;
});
