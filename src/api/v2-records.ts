// Answers of API v2 checked by shape before they are used, as records.ts checks v1.1's
// (docs/promises.md, promise 30): ids are UUID-like strings, numbers positive whole numbers, names and statuses
// strings. A wrong shape is an unusable answer naming the call, which a poll does not look at again.
import { UnusableAnswerError } from './errors.ts';
import { isRecord, type AnswerOf } from './records.ts';

/** Items a page of a v2 list holds at most: v2 lists take no `limit`, and the service pages far below this. */
export const MAX_V2_PAGE_ITEMS = 100;

export interface Workflow {
  id: string;
  name: string;
  status: string;
  pipeline_id?: string;
  pipeline_number?: number;
  created_at?: string;
  stopped_at?: string | null;
  [key: string]: unknown;
}

export interface Job {
  id: string;
  name: string;
  /** The job's v1.1 build number; null until the job has started. */
  job_number: number | null;
  status: string;
  type?: string;
  started_at?: string | null;
  stopped_at?: string | null;
  dependencies?: string[];
  /** An approval job's request, which approving it names. */
  approval_request_id?: string;
  [key: string]: unknown;
}

/** A UUID-like id: letters, digits and dashes, so that it is safe in a path, an output and a log line. */
const ID = /^[0-9A-Za-z][0-9A-Za-z-]{0,63}$/u;

function unusable(call: AnswerOf, detail: string): UnusableAnswerError {
  return new UnusableAnswerError(call.method, call.path, detail);
}

export function isV2Id(value: unknown): value is string {
  return typeof value === 'string' && ID.test(value);
}

function isWholeNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 1;
}

function checkCommon(call: AnswerOf, value: unknown, what: string, at: number): Record<string, unknown> {
  const where = at < 0 ? `the ${what}` : `item ${at + 1} of the ${what} list`;
  if (!isRecord(value)) throw unusable(call, `${where} is not an object`);
  if (!isV2Id(value['id'])) throw unusable(call, `${where} has no id that is a UUID-like string`);
  if (typeof value['name'] !== 'string') throw unusable(call, `${where} has no name that is a string`);
  if (typeof value['status'] !== 'string') throw unusable(call, `${where} has no status that is a string`);
  return value;
}

/** A workflow (`GET /workflow/{id}`, or an item of a pipeline's list: `at` is its place). */
export function workflowAnswer(call: AnswerOf, value: unknown, at = -1): Workflow {
  const record = checkCommon(call, value, 'workflow', at);
  const tag = record['tag'];
  if (tag !== undefined && tag !== null && typeof tag !== 'string')
    throw unusable(call, `the workflow ${String(record['id'])} has a tag that is not a string`);
  return record as Workflow;
}

/** A job of a workflow's list: a `job_number`, where there is one, is a positive whole number. */
export function jobAnswer(call: AnswerOf, value: unknown, at: number): Job {
  const record = checkCommon(call, value, 'job', at);
  const num = record['job_number'];
  if (num !== undefined && num !== null && !isWholeNumber(num))
    throw unusable(call, `item ${at + 1} of the job list has a job_number that is not a whole number ≥ 1`);
  const type = record['type'];
  if (type !== undefined && type !== null && typeof type !== 'string')
    throw unusable(call, `item ${at + 1} of the job list has a type that is not a string`);
  const request = record['approval_request_id'];
  if (request !== undefined && request !== null && !isV2Id(request))
    throw unusable(call, `item ${at + 1} of the job list has an approval_request_id that is not an id`);
  return { ...record, job_number: num ?? null } as Job;
}

/** One page of a v2 list: `items` an array of at most MAX_V2_PAGE_ITEMS, `next_page_token` a string or null. */
export function pageAnswer(call: AnswerOf, value: unknown): { items: unknown[]; next?: string } {
  if (!isRecord(value) || !Array.isArray(value['items']))
    throw unusable(call, 'a page with an items list was expected');
  const items = value['items'] as unknown[];
  if (items.length > MAX_V2_PAGE_ITEMS)
    throw unusable(
      call,
      `the page holds ${items.length} items, more than the ${MAX_V2_PAGE_ITEMS} a page of the service holds`,
    );
  const next = value['next_page_token'];
  if (next !== undefined && next !== null && typeof next !== 'string')
    throw unusable(call, 'the next_page_token is neither a string nor null');
  return { items, ...(typeof next === 'string' && next !== '' ? { next } : {}) };
}
