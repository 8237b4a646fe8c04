// The contract check: every API v2 exchange with the emulator held to the service's own reference, through its
// trimmed copy (test/contract/v2-reference.json, made by scripts/reference.ts; docs/v2.md). A request must be an
// operation of the reference, with its parameters and a body its request schema takes; the answer must match the
// schema of its status. An answer a fault spoiled is no longer the service's, and is left alone.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { V2Exchange } from '../../emulator/exchanges.ts';

export const REFERENCE_FILE = join(import.meta.dirname, 'v2-reference.json');

export type Schema = Record<string, unknown>;

export interface Parameter {
  name: string;
  in: string;
  required: boolean;
  schema: Schema;
}

export interface Operation {
  operationId: string;
  method: string;
  path: string;
  parameters: Parameter[];
  requestBody: { required: boolean; schema: Schema } | null;
  responses: Record<string, Schema | null>;
}

export interface Reference {
  source: string;
  date: string;
  operations: Record<string, Operation>;
}

export function readReference(file = REFERENCE_FILE): Reference {
  return JSON.parse(readFileSync(file, 'utf8')) as Reference;
}

/** An ajv that knows the copy's marks; the reference leaves many types implicit (a `maxLength` alone). */
export function referenceAjv(): Ajv {
  const ajv = new Ajv({ allErrors: true, allowUnionTypes: true, strict: true, strictTypes: false });
  addFormats.default(ajv);
  for (const keyword of ['x-exception', 'x-mapped'])
    ajv.addKeyword({ keyword, schemaType: ['string', 'array'] });
  return ajv;
}

/**
 * A path template as a pattern: a project slug is three segments (`allowReserved` in the reference), any other
 * parameter one.
 */
function pathPattern(template: string): { pattern: RegExp; names: string[] } {
  const names: string[] = [];
  const source = template.replace(/\{([^}]+)\}/gu, (_, name: string) => {
    names.push(name);
    return name === 'project-slug' ? '([^/]+/[^/]+/[^/]+)' : '([^/]+)';
  });
  return { pattern: new RegExp(`^${source}$`, 'u'), names };
}

interface Compiled {
  operation: Operation;
  pattern: RegExp;
  names: string[];
  parameters: Map<string, ValidateFunction>;
  body: ValidateFunction | undefined;
  answers: Map<string, ValidateFunction | null>;
}

/** ajv's findings in a line: where, and what; an unknown property by its name. */
const words = (validate: ValidateFunction): string =>
  (validate.errors ?? [])
    .map((e) => {
      const extra: unknown = e.params['additionalProperty'];
      return `${e.instancePath || '(top)'} ${e.message ?? ''}${extra === undefined ? '' : ` (${String(extra)})`}`;
    })
    .join('; ');

export class ContractCheck {
  readonly reference: Reference;
  readonly #compiled: Compiled[];

  constructor(reference = readReference()) {
    this.reference = reference;
    const ajv = referenceAjv();
    this.#compiled = Object.values(reference.operations).map((operation) => ({
      operation,
      ...pathPattern(operation.path),
      parameters: new Map(operation.parameters.map((p) => [`${p.in}:${p.name}`, ajv.compile(p.schema)])),
      body: operation.requestBody === null ? undefined : ajv.compile(operation.requestBody.schema),
      answers: new Map(
        Object.entries(operation.responses).map(([status, schema]) => [
          status,
          schema === null ? null : ajv.compile(schema),
        ]),
      ),
    }));
  }

  /** The operation a request is, with its path parameters (decoded), or undefined. */
  find(method: string, path: string): { compiled: Compiled; params: Record<string, string> } | undefined {
    for (const compiled of this.#compiled) {
      if (compiled.operation.method !== method) continue;
      const match = compiled.pattern.exec(path);
      if (match === null) continue;
      const params: Record<string, string> = {};
      compiled.names.forEach((name, i) => {
        const raw = match[i + 1] ?? '';
        params[name] = raw.split('/').map(decodeURIComponent).join('/');
      });
      return { compiled, params };
    }
    return undefined;
  }

  /** What is wrong with one exchange: nothing, or one line per problem. */
  problems(exchange: V2Exchange): string[] {
    const call = `${exchange.method} ${exchange.path}`;
    if (exchange.fault !== undefined) return [];
    const found = this.find(exchange.method, exchange.path);
    if (found === undefined) return [`${call}: no operation of the reference`];
    const { compiled, params } = found;
    const { operation } = compiled;
    const out: string[] = [];
    const where = `${call} (${operation.operationId})`;
    const given: Record<string, Record<string, string>> = { path: params, query: exchange.query };
    for (const p of operation.parameters) {
      const value = given[p.in]?.[p.name];
      if (value === undefined) {
        if (p.required && p.in !== 'header') out.push(`${where}: the ${p.in} parameter ${p.name} is missing`);
        continue;
      }
      const validate = compiled.parameters.get(`${p.in}:${p.name}`);
      const typed = p.schema['type'] === 'integer' || p.schema['type'] === 'number' ? Number(value) : value;
      if (validate !== undefined && !validate(typed))
        out.push(`${where}: the ${p.in} parameter ${p.name} breaks its schema: ${words(validate)}`);
    }
    const known = new Set(operation.parameters.filter((p) => p.in === 'query').map((p) => p.name));
    for (const name of Object.keys(exchange.query))
      if (!known.has(name)) out.push(`${where}: the query parameter ${name} is not the reference's`);
    if (compiled.body === undefined) {
      if (exchange.body !== undefined) out.push(`${where}: a body was sent, and the operation takes none`);
    } else if (exchange.body === undefined) {
      if (operation.requestBody?.required === true) out.push(`${where}: the request body is missing`);
    } else if (!compiled.body(exchange.body)) {
      out.push(`${where}: the request body breaks its schema: ${words(compiled.body)}`);
    }
    const status = String(exchange.status);
    const answer = compiled.answers.has(status)
      ? compiled.answers.get(status)
      : compiled.answers.get('default');
    if (answer === undefined) {
      out.push(`${where}: answered ${status}, a status the reference does not give`);
    } else if (answer !== null) {
      if (!/json/iu.test(exchange.contentType ?? ''))
        out.push(`${where}: answered ${status} as ${exchange.contentType ?? 'nothing'}, not JSON`);
      else if (!answer(exchange.answer))
        out.push(`${where}: the ${status} answer breaks its schema: ${words(answer)}`);
    }
    return out;
  }

  /** Every problem of these exchanges, each once. */
  check(exchanges: readonly V2Exchange[]): string[] {
    return [...new Set(exchanges.flatMap((exchange) => this.problems(exchange)))];
  }
}

let shared: ContractCheck | undefined;

/** The check of the committed copy, compiled once per process. */
export function contractCheck(): ContractCheck {
  return (shared ??= new ContractCheck());
}

/** An error naming every problem, or undefined when there is none. */
export function contractError(exchanges: readonly V2Exchange[]): Error | undefined {
  const problems = contractCheck().check(exchanges);
  if (problems.length === 0) return undefined;
  return new Error(
    `${problems.length} API v2 exchange(s) break the service's reference (test/contract/v2-reference.json):\n` +
      problems.map((p) => `  - ${p}`).join('\n'),
  );
}
