// Answers of API v2 checked by shape before they are used, as records.ts checks v1.1's answers
// (docs/promises.md, promise 30); enums stay open.
import { unusable, type AnswerOf } from './records.ts';
import { isRecord } from '../common/values.ts';

/** Items a page of a v2 list holds at most: v2 lists take no `limit`, and the service pages far below this. */
const MAX_V2_PAGE_ITEMS = 100;

/** A workflow; a job carries the same fields, checked alike, and its own. */
export interface Workflow {
  id: string;
  name: string;
  status: string;
  [key: string]: unknown;
}

export interface Job extends Workflow {
  /** The job's v1.1 build number; null until the job has started. */
  job_number: number | null;
  type?: string;
  approval_request_id?: string;
}

/** The pipeline states before the configuration is compiled (the others are `created` and `errored`). */
export const PENDING_PIPELINE_STATES: ReadonlySet<string> = new Set(['setup-pending', 'setup', 'pending']);

export interface Pipeline {
  id: string;
  number: number;
  state?: string;
  errors?: { type?: string; message?: string; [key: string]: unknown }[];
  vcs?: { revision?: string; branch?: string; tag?: string; [key: string]: unknown };
  [key: string]: unknown;
}

/** What a trigger answered: a pipeline (201), or the service's message that it triggered nothing (200). */
export type TriggerAnswer = { triggered: true; pipeline: Pipeline } | { triggered: false; message: string };

/** A UUID-like id: letters, digits and dashes, so that it is safe in a path, an output and a log line. */
const ID = /^[0-9A-Za-z][0-9A-Za-z-]{0,63}$/u;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/iu;

export const isV2Id = (value: unknown): value is string => typeof value === 'string' && ID.test(value);
export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);
export const isPositiveWhole = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 1;
const isString = (value: unknown): value is string => typeof value === 'string';
export const stringOrNull = (value: unknown): string | null => (isString(value) ? value : null);
/** A field the service may leave out or set to null, else of the type `test` takes. */
const absentOr = (value: unknown, test: (value: unknown) => boolean): boolean => value == null || test(value);

function checkCommon(call: AnswerOf, value: unknown, what: string, at: number): Record<string, unknown> {
  const where = at < 0 ? `the ${what}` : `item ${at + 1} of the ${what} list`;
  if (!isRecord(value)) throw unusable(call, `${where} is not an object`);
  if (!isV2Id(value['id'])) throw unusable(call, `${where} has no id that is a UUID-like string`);
  if (!isString(value['name'])) throw unusable(call, `${where} has no name that is a string`);
  if (!isString(value['status'])) throw unusable(call, `${where} has no status that is a string`);
  return value;
}

/** A workflow (`GET /workflow/{id}`, or an item of a pipeline's list: `at` is its place). */
export function workflowAnswer(call: AnswerOf, value: unknown, at = -1): Workflow {
  const record = checkCommon(call, value, 'workflow', at);
  if (!absentOr(record['tag'], isString))
    throw unusable(call, `the workflow ${String(record['id'])} has a tag that is not a string`);
  return record as Workflow;
}

/** A job of a workflow's list: a `job_number`, where there is one, is a positive whole number. */
export function jobAnswer(call: AnswerOf, value: unknown, at: number): Job {
  const record = checkCommon(call, value, 'job', at);
  const num = record['job_number'];
  const wrong = !absentOr(num, isPositiveWhole)
    ? 'a job_number that is not a whole number ≥ 1'
    : !absentOr(record['type'], isString)
      ? 'a type that is not a string'
      : !absentOr(record['approval_request_id'], isV2Id)
        ? 'an approval_request_id that is not an id'
        : undefined;
  if (wrong !== undefined) throw unusable(call, `item ${at + 1} of the job list has ${wrong}`);
  return { ...record, job_number: num ?? null } as Job;
}

/** A page's first MAX_V2_PAGE_ITEMS `items`: the service's hold no more, and the answer's size cap bounds a longer
 *  one (docs/promises.md, promise 34). */
export function pageAnswer(call: AnswerOf, value: unknown): { items: unknown[]; next?: string | undefined } {
  if (!isRecord(value) || !Array.isArray(value['items']))
    throw unusable(call, 'a page with an items list was expected');
  const items = (value['items'] as unknown[]).slice(0, MAX_V2_PAGE_ITEMS);
  const next = value['next_page_token'];
  if (!absentOr(next, isString)) throw unusable(call, 'the next_page_token is neither a string nor null');
  return { items, next: (next as string | null) || undefined };
}

export function pipelineAnswer(call: AnswerOf, value: unknown): Pipeline {
  if (!isRecord(value)) throw unusable(call, 'a pipeline record was expected');
  if (!isV2Id(value['id'])) throw unusable(call, 'the pipeline has no id of the UUID form');
  if (!isPositiveWhole(value['number']))
    throw unusable(call, 'the pipeline has no number that is a whole number ≥ 1');
  if (!absentOr(value['state'], isString)) throw unusable(call, 'the pipeline state is not a string');
  const error = (e: unknown): boolean => isRecord(e) && absentOr(e['message'], isString);
  if (!absentOr(value['errors'], (errors) => Array.isArray(errors) && errors.every(error)))
    throw unusable(call, 'the pipeline errors are not a list of {type, message}');
  const vcs = (v: unknown): boolean =>
    isRecord(v) && absentOr(v['branch'], isString) && absentOr(v['tag'], isString);
  if (!absentOr(value['vcs'], vcs)) throw unusable(call, 'the pipeline vcs is not an object of strings');
  return value as Pipeline;
}

export function triggerAnswer(call: AnswerOf, status: number, value: unknown): TriggerAnswer {
  if (status === 200 && isRecord(value) && value['id'] === undefined) {
    const message = value['message'];
    if (!isString(message)) throw unusable(call, 'a 200 without a pipeline carries no message');
    return { triggered: false, message };
  }
  return { triggered: true, pipeline: pipelineAnswer(call, value) };
}

/** What an errored pipeline says: each error as `type: message` in the service's words (`config`, `plan`, ...),
 *  either alone when the other is missing; undefined when the pipeline is not errored. The errors of a list's
 *  item, whose shape was not checked, are read with care. */
export function pipelineErrors(pipeline: Pipeline): string[] | undefined {
  const errors = (Array.isArray(pipeline.errors) ? pipeline.errors : []).filter(isRecord);
  if (pipeline.state !== 'errored' && errors.length === 0) return undefined;
  return errors
    .map((e) => [e.type, e.message].filter((part) => isString(part) && part !== '').join(': '))
    .filter((text) => text !== '');
}

/** `Pipeline #3 is errored and runs no workflow: …` for a pipeline whose configuration failed, else undefined. */
export function erroredPipeline(pipeline: Pipeline): string | undefined {
  const said = pipelineErrors(pipeline);
  if (said === undefined) return undefined;
  return `Pipeline #${pipeline.number} is errored and runs no workflow${said.length > 0 ? `: ${said.join('; ')}` : ''}`;
}

/** The branch, commit and tag a pipeline was built from, and whether it came from another repository than the
 *  project's; the fields of a list's item, whose shape was not checked, are read with care. */
export function pipelineVcs(pipeline: Pipeline) {
  const vcs: Record<string, unknown> = isRecord(pipeline.vcs) ? pipeline.vcs : {};
  const origin = stringOrNull(vcs['origin_repository_url']);
  const target = stringOrNull(vcs['target_repository_url']);
  return {
    branch: stringOrNull(vcs['branch']),
    revision: stringOrNull(vcs['revision']),
    tag: stringOrNull(vcs['tag']),
    otherRepository: origin !== null && target !== null && origin !== target,
  };
}
