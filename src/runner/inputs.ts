// Typed reading of an action's inputs. Every check throws a ValidationError that names the input, shows the
// bad value unless it is secret, and says what is allowed; nothing is sent before all inputs are read.
import { ValidationError } from '../common/errors.ts';
import { checkInteger, checkParams, jsonObjectKeys, oneOf, type BuildParams } from '../service/validate.ts';
import type { Io } from './io.ts';

export class Inputs {
  readonly #io: Io;
  readonly #declared: ReadonlySet<string>;
  readonly #secrets: string[];

  constructor(io: Io, declared: readonly string[], secrets: string[]) {
    this.#io = io;
    this.#declared = new Set(declared);
    this.#secrets = secrets;
  }

  /** The input as given, trimmed; '' when not set. Reading an undeclared input is a bug in the action. */
  raw(name: string): string {
    if (!this.#declared.has(name))
      throw new Error(`bug: input '${name}' is read but not declared in action.yml`);
    return this.#io.getInput(name);
  }

  optional(name: string): string | undefined {
    return this.raw(name) || undefined;
  }

  required(name: string, hint = ''): string {
    const value = this.raw(name);
    if (value === '')
      throw new ValidationError(name, `a value is required${hint ? `: ${hint}` : ''}`, undefined, 'missing');
    return value;
  }

  /** A secret: masked before anything else can print it, each line on its own too. */
  secret(name: string, options: { required: true; hint?: string }): string;
  secret(name: string, options?: { required?: false }): string | undefined;
  secret(name: string, options: { required?: boolean; hint?: string } = {}): string | undefined {
    const value = this.raw(name);
    this.mask(value);
    return options.required ? this.required(name, options.hint) : value || undefined;
  }

  /** Masks a value and each of its lines from now on, however short: the runner masks a one-character secret too. */
  mask(value: string): void {
    for (const part of [value, ...value.split(/\r?\n/)]) {
      const trimmed = part.trim();
      if (trimmed.length > 0 && !this.#secrets.includes(trimmed)) {
        this.#secrets.push(trimmed);
        this.#io.setSecret(trimmed);
      }
    }
  }

  boolean(name: string, fallback: boolean): boolean {
    const value = this.raw(name);
    if (value === '') return fallback;
    if (/^(true|false)$/i.test(value)) return value.toLowerCase() === 'true';
    throw new ValidationError(name, "allowed: 'true' or 'false'", value);
  }

  integer(name: string, min: number, max: number, fallback: number): number;
  integer(name: string, min: number, max: number): number | undefined;
  integer(name: string, min: number, max: number, fallback?: number): number | undefined {
    const value = this.raw(name);
    return value === '' ? fallback : checkInteger(name, value, min, max);
  }

  oneOf<T extends string>(name: string, values: readonly T[], fallback: T): T {
    const value = this.raw(name);
    return value === '' ? fallback : oneOf(name, value, values);
  }

  /** Non-empty lines, trimmed; lines starting with `#` are comments. */
  lines(name: string): string[] {
    return this.raw(name)
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter((line) => line !== '' && !line.startsWith('#'));
  }

  /** `NAME=value` lines: the value is everything after the first `=`, kept as written. */
  assignments(name: string, options: { secret?: boolean } = {}): Map<string, string> {
    const out = new Map<string, string>();
    const lines = this.raw(name).split(/\r?\n/);
    // Values are masked before a mistake below can print a line that holds one.
    if (options.secret)
      for (const line of lines) if (line.indexOf('=') > 0) this.mask(line.slice(line.indexOf('=') + 1));
    for (const [index, line] of lines.entries()) {
      if (line.trim() === '' || line.trim().startsWith('#')) continue;
      const [, key, value] = /^\s*([A-Za-z_]\w*)\s*=([^]*)$/.exec(line) ?? [];
      if (key === undefined || value === undefined)
        throw new ValidationError(
          name,
          'allowed: NAME=value lines, NAME matching [A-Za-z_][A-Za-z0-9_]*',
          options.secret ? undefined : line.trim(),
          options.secret ? `line ${index + 1} is not NAME=value` : undefined,
        );
      if (out.has(key)) throw givenTwice(name, key);
      out.set(key, value);
    }
    return out;
  }

  /** Build parameters: a JSON object, or `NAME=value` lines. */
  params(name: string): BuildParams | undefined {
    const raw = this.raw(name);
    if (raw === '') return undefined;
    if (!raw.startsWith('{')) return checkParams(name, Object.fromEntries(this.assignments(name)));
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch (error) {
      throw new ValidationError(
        name,
        'allowed: a JSON object, or NAME=value lines',
        undefined,
        `not valid JSON (${(error as Error).message})`,
      );
    }
    const seen = new Set<string>();
    const twice = jsonObjectKeys(raw).find((key) => seen.size === seen.add(key).size);
    if (twice !== undefined) throw givenTwice(name, twice);
    return checkParams(name, parsed);
  }
}

function givenTwice(name: string, key: string): ValidationError {
  return new ValidationError(name, 'each name once', undefined, `${JSON.stringify(key)} is given twice`);
}
