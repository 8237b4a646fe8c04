// Misbehaviour on demand: a test arms rules, and the next matching requests get an error status, a reset
// connection, a stalled, slow or truncated answer, as real networks and front ends sometimes give.

export type FaultKind =
  'status' | 'reset' | 'reset-mid-body' | 'stall-headers' | 'stall-body' | 'slow-body' | 'short-body';

/** Which requests a rule applies to, and how often. */
export interface FaultScope {
  /** HTTP method (any case); any method when left out. */
  method?: string;
  /**
   * Path as received (still URL-encoded, no query): below `/api/v1.1` for API requests (`/me`,
   * `/project/...`), the whole path for anything else (`/artifacts/...`). A string must match exactly.
   */
  path?: string | RegExp;
  /** Which server: the API origin or the second origin (signed artifact URLs). Both when left out. */
  origin?: 'api' | 'second';
  /** How many matching requests to spoil: default 1; `Infinity` for all. */
  times?: number;
}

/** Answer with this status instead of the real answer. */
interface StatusFault extends FaultScope {
  kind: 'status';
  status: number;
  /** Default `{"message":"<reason phrase>"}`. */
  body?: string;
  /** Default: guessed from the body (JSON, HTML, plain text). */
  contentType?: string;
  /** Extra headers, e.g. `{ 'Retry-After': '4' }`. */
  headers?: Record<string, string>;
  /** Carry out the request first (e.g. the build is created), then answer with the fault. */
  afterEffect?: boolean;
}

/** Reset the connection (`reset`) or never answer (`stall-headers`). */
interface ConnectionFault extends FaultScope {
  kind: 'reset' | 'stall-headers';
  /** Carry out the request first, then misbehave. */
  afterEffect?: boolean;
}

/**
 * Send the real headers and `afterBytes` of the body (default half), then: reset the connection
 * (`reset-mid-body`), send nothing more (`stall-body`), or end cleanly although `Content-Length` promised more
 * (`short-body`).
 */
export interface TruncationFault extends FaultScope {
  kind: 'reset-mid-body' | 'stall-body' | 'short-body';
  afterBytes?: number;
}

/** Send the real answer, its body at `bytesPerSecond`. */
interface SlowFault extends FaultScope {
  kind: 'slow-body';
  bytesPerSecond: number;
}

export type FaultRule = StatusFault | ConnectionFault | TruncationFault | SlowFault;

/** An armed rule and how often it has fired. */
export class ArmedFault {
  readonly rule: FaultRule;
  /** Requests it has spoilt so far. */
  fired = 0;
  constructor(rule: FaultRule) {
    this.rule = rule;
  }
  /** Requests it will still spoil. */
  get remaining(): number {
    return Math.max(0, (this.rule.times ?? 1) - this.fired);
  }
}

/** The request a fault is matched against. */
export interface FaultTarget {
  method: string;
  path: string;
  origin: 'api' | 'second';
}

function matches(rule: FaultRule, target: FaultTarget): boolean {
  if (rule.method !== undefined && rule.method.toUpperCase() !== target.method) return false;
  if (rule.origin !== undefined && rule.origin !== target.origin) return false;
  if (rule.path === undefined) return true;
  if (typeof rule.path === 'string') return rule.path === target.path;
  rule.path.lastIndex = 0;
  return rule.path.test(target.path);
}

/** The fault rules of an emulator. The first armed rule that matches a request (and has not run out) applies. */
export class Faults {
  private readonly armed: ArmedFault[] = [];

  /** Arms a rule; the returned handle counts its firings. */
  add(rule: FaultRule): ArmedFault {
    if (rule.kind === 'slow-body' && !(rule.bytesPerSecond > 0))
      throw new RangeError('bytesPerSecond must be > 0');
    const armed = new ArmedFault({ ...rule });
    this.armed.push(armed);
    return armed;
  }

  /** Disarms one rule. */
  remove(fault: ArmedFault): void {
    const index = this.armed.indexOf(fault);
    if (index >= 0) this.armed.splice(index, 1);
  }

  /** Disarms all rules. */
  clear(): void {
    this.armed.length = 0;
  }

  /** The rules added (and not removed), spent ones included, in order. */
  get rules(): readonly ArmedFault[] {
    return [...this.armed];
  }

  /** Firings of all current rules together. */
  get fired(): number {
    return this.armed.reduce((sum, fault) => sum + fault.fired, 0);
  }

  /** Picks the rule for a request and counts the firing (called by the server). */
  take(target: FaultTarget): FaultRule | undefined {
    const armed = this.armed.find((fault) => fault.remaining > 0 && matches(fault.rule, target));
    if (armed === undefined) return undefined;
    armed.fired++;
    return armed.rule;
  }
}
