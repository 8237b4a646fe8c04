// What the contract check of a test run holds: the API v2 exchanges of every emulator the test started, and
// whether the test ran a bundle (test/harness/runner.ts says so). test/contract/setup.ts checks them after each
// test; a test that ran no bundle (the emulator's own tests send wrong requests on purpose) is left alone.
import type { V2Exchange } from '../../emulator/exchanges.ts';

let exchanges: V2Exchange[] = [];
let bundleRan = false;

export function recordExchange(exchange: V2Exchange): void {
  exchanges.push(exchange);
}

/** Called by the harness each time it starts a bundle. */
export function noteBundleRun(): void {
  bundleRan = true;
}

/** What this test recorded, emptied for the next one. */
export function takeExchanges(): { exchanges: V2Exchange[]; bundleRan: boolean } {
  const taken = { exchanges, bundleRan };
  exchanges = [];
  bundleRan = false;
  return taken;
}
