// The record of API v2 exchanges an emulator keeps when asked (EmulatorOptions.exchanges), for the contract
// check of test/contract: held apart from index.ts so that a test harness can set it without loading the emulator.
import type { FaultKind } from './faults.ts';

/** One API v2 request and the answer the emulator gave it, as the wire carried them. */
export interface V2Exchange {
  method: string;
  /** Below `/api/v2`, still URL-encoded, without the query. */
  path: string;
  /** Query parameters (the last of repeated ones). */
  query: Record<string, string>;
  /** The request's body: parsed JSON, raw text when not JSON, undefined when empty. */
  body: unknown;
  status: number;
  contentType: string | undefined;
  /** The answer's body: parsed JSON, raw text when not JSON, undefined when empty or generated. */
  answer: unknown;
  /** The fault applied, if any: the answer is then no longer the service's. */
  fault?: FaultKind;
}

export type ExchangeRecorder = (exchange: V2Exchange) => void;

let recorder: ExchangeRecorder | undefined;

/** Sets the recorder of every emulator started later without an `exchanges` option (a test harness's). */
export function recordV2Exchanges(given: ExchangeRecorder | undefined): void {
  recorder = given;
}

export const defaultRecorder = (): ExchangeRecorder | undefined => recorder;
