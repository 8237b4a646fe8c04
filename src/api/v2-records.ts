// Answers of API v2, checked by shape as records.ts checks v1.1 answers (docs/promises.md, promise 22): ids are
// UUID-like strings, numbers positive whole numbers, and anything else is an unusable answer naming the call, which
// a poll does not look at again. Enums stay open, as in records.ts.
import { UnusableAnswerError } from './errors.ts';
import { isRecord, type AnswerOf } from './records.ts';

/** Pipeline states the service documents; the last three come before the configuration is compiled. */
export const PIPELINE_STATES = ['created', 'errored', 'setup-pending', 'setup', 'pending'] as const;
export const PENDING_PIPELINE_STATES: ReadonlySet<string> = new Set(['setup-pending', 'setup', 'pending']);

export interface PipelineError {
  type?: string;
  message?: string;
  [key: string]: unknown;
}

export interface Pipeline {
  id: string;
  number: number;
  /** Absent from nothing the service sends; kept optional because a trigger's answer is read again anyway. */
  state?: string;
  created_at?: string;
  errors?: PipelineError[];
  vcs?: { revision?: string; branch?: string; tag?: string; [key: string]: unknown };
  [key: string]: unknown;
}

/** What a trigger answered: a pipeline (201), or the service's message that it triggered nothing (200). */
export type TriggerAnswer = { triggered: true; pipeline: Pipeline } | { triggered: false; message: string };

const V2_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/iu;

/** An id of a v2 record: UUID-like, so nothing else ever reaches an output or a path. */
export function isV2Id(value: unknown): value is string {
  return typeof value === 'string' && V2_ID.test(value);
}

export function isPositiveWhole(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 1;
}

function unusable(call: AnswerOf, detail: string): UnusableAnswerError {
  return new UnusableAnswerError(call.method, `v2 ${call.path}`, detail);
}

const optionalString = (value: unknown): boolean =>
  value === undefined || value === null || typeof value === 'string';

/** A pipeline: a UUID-like `id`, a positive whole `number`; `state`, `errors` and `vcs` of their types when present. */
export function pipelineAnswer(call: AnswerOf, value: unknown): Pipeline {
  if (!isRecord(value)) throw unusable(call, 'a pipeline record was expected');
  if (!isV2Id(value['id'])) throw unusable(call, 'the pipeline has no id of the UUID form');
  if (!isPositiveWhole(value['number']))
    throw unusable(call, 'the pipeline has no number that is a whole number ≥ 1');
  if (!optionalString(value['state'])) throw unusable(call, 'the pipeline state is not a string');
  const errors = value['errors'];
  if (
    errors !== undefined &&
    errors !== null &&
    !(Array.isArray(errors) && errors.every((e) => isRecord(e) && optionalString(e['message'])))
  )
    throw unusable(call, 'the pipeline errors are not a list of {type, message}');
  const vcs = value['vcs'];
  if (
    vcs !== undefined &&
    vcs !== null &&
    !(isRecord(vcs) && ['branch', 'tag'].every((k) => optionalString(vcs[k])))
  )
    throw unusable(call, 'the pipeline vcs is not an object of strings');
  return value as Pipeline;
}

/** A trigger's answer: 201 with a pipeline, or 200 `{message}` when the service triggered nothing. */
export function triggerAnswer(call: AnswerOf, status: number, value: unknown): TriggerAnswer {
  if (status === 200 && isRecord(value) && value['id'] === undefined) {
    const message = value['message'];
    if (typeof message !== 'string') throw unusable(call, 'a 200 without a pipeline carries no message');
    return { triggered: false, message };
  }
  return { triggered: true, pipeline: pipelineAnswer(call, value) };
}

/** A page of the project's pipelines, newest first: `{items, next_page_token}`. */
export function pipelineListAnswer(call: AnswerOf, value: unknown): Pipeline[] {
  const items = isRecord(value) ? value['items'] : undefined;
  if (!Array.isArray(items)) throw unusable(call, 'a list of items was expected');
  return items.map((item) => pipelineAnswer(call, item));
}

/** What an errored pipeline says: each `errors[].message` (its type without one), or undefined when it is not. */
export function pipelineErrors(pipeline: Pipeline): string[] | undefined {
  const errors = pipeline.errors ?? [];
  if (pipeline.state !== 'errored' && errors.length === 0) return undefined;
  return errors.map((e) => e.message ?? e.type ?? '').filter((text) => text !== '');
}
