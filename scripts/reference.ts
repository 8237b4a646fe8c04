// `npm run reference -- <path to the vendor's openapi.json>` writes test/contract/v2-reference.json: the trimmed
// copy of the service's API v2 reference that the contract check and the readers' property tests read
// (docs/v2.md, "The service's reference"). It keeps the operations the product calls, with their parameters,
// request and answer schemas and enums, as plain JSON Schema that ajv reads; it drops descriptions, examples and
// code samples. Where real answers disagree with the reference, the real answer wins, and the copy marks each such
// change with `x-exception` and its reason; the reference's provider words become ours, marked with `x-mapped`.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { parseArgs } from 'node:util';
import { format, resolveConfig } from 'prettier';

export const ROOT = join(import.meta.dirname, '..');
export const REFERENCE_COPY = join(ROOT, 'test/contract/v2-reference.json');

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

/** The v2 calls of docs/v2.md, by the reference's operation ids, with the method and path it gives them. */
export const OPERATIONS: readonly (readonly [string, string, string])[] = [
  ['triggerPipelineRun', 'post', '/project/{provider}/{organization}/{project}/pipeline/run'],
  ['triggerPipeline', 'post', '/project/{project-slug}/pipeline'],
  ['listPipelinesForProject', 'get', '/project/{project-slug}/pipeline'],
  ['getPipelineById', 'get', '/pipeline/{pipeline-id}'],
  ['listWorkflowsByPipelineId', 'get', '/pipeline/{pipeline-id}/workflow'],
  ['getWorkflowById', 'get', '/workflow/{id}'],
  ['listWorkflowJobs', 'get', '/workflow/{id}/job'],
  ['rerunWorkflow', 'post', '/workflow/{id}/rerun'],
  ['cancelWorkflow', 'post', '/workflow/{id}/cancel'],
  ['approvePendingApprovalJobById', 'post', '/workflow/{id}/approve/{approval_request_id}'],
  ['getJobDetails', 'get', '/project/{project-slug}/job/{job-number}'],
  ['cancelJobByJobNumber', 'post', '/project/{project-slug}/job/{job-number}/cancel'],
  ['getTests', 'get', '/project/{project-slug}/{job-number}/tests'],
  ['getJobArtifacts', 'get', '/project/{project-slug}/{job-number}/artifacts'],
  ['listEnvVars', 'get', '/project/{project-slug}/envvar'],
  ['createEnvVar', 'post', '/project/{project-slug}/envvar'],
  ['deleteEnvVar', 'delete', '/project/{project-slug}/envvar/{name}'],
];

/** Keys that only explain: the copy holds what a validator checks. */
const DROPPED = new Set([
  'description',
  'summary',
  'example',
  'examples',
  'title',
  'externalDocs',
  'links',
  'tags',
  'x-codeSamples',
  'deprecated',
]);
/** OpenAPI's number formats say how wide a number is, which JSON Schema has no word for. */
const TYPE_FORMATS = new Set(['int32', 'int64', 'float', 'double']);

/** The reference's provider words and ours (the fixtures' README; docs/v2.md, "Addressing"). */
const PROVIDERS: Record<string, string> = {
  gh: 'primary-host',
  github: 'primary-host',
  bb: 'secondary-host',
  bitbucket: 'secondary-host',
};

function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The value at a local `$ref` (`#/components/...`). */
function resolve(document: JsonObject, ref: string): Json {
  let at: Json = document;
  for (const raw of ref.replace(/^#\//u, '').split('/')) {
    const key = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    if (!isObject(at) || !(key in at)) throw new Error(`the reference has no ${ref}`);
    at = at[key] as Json;
  }
  return at;
}

/** A copy with every `$ref` inlined and only what validates kept; `x-nullable` and `nullable` become null types. */
function trim(document: JsonObject, value: Json, seen: readonly string[] = []): Json {
  if (Array.isArray(value)) return value.map((item) => trim(document, item, seen));
  if (!isObject(value)) return value;
  const ref = value['$ref'];
  if (typeof ref === 'string') {
    if (seen.includes(ref)) throw new Error(`the reference's ${ref} refers to itself`);
    return trim(document, resolve(document, ref), [...seen, ref]);
  }
  const out: JsonObject = {};
  for (const [key, item] of Object.entries(value)) {
    if (DROPPED.has(key) || key === 'x-nullable' || key === 'nullable') continue;
    if (key.startsWith('x-')) continue;
    if (key === 'format' && typeof item === 'string' && TYPE_FORMATS.has(item)) continue;
    out[key] = trim(document, item, seen);
  }
  return value['x-nullable'] === true || value['nullable'] === true ? nullable(out) : out;
}

/** A schema that also takes null. */
function nullable(schema: JsonObject): JsonObject {
  const type = schema['type'];
  if (typeof type === 'string') schema['type'] = [type, 'null'];
  else if (Array.isArray(type)) schema['type'] = type.includes('null') ? type : [...type, 'null'];
  else return { anyOf: [schema, { type: 'null' }] };
  const values = schema['enum'];
  if (Array.isArray(values) && !values.includes(null)) schema['enum'] = [...values, null];
  return schema;
}

export interface Operation {
  operationId: string;
  method: string;
  path: string;
  parameters: { name: string; in: string; required: boolean; schema: JsonObject }[];
  requestBody: { required: boolean; schema: JsonObject } | null;
  /** Status (or `default`) → the JSON schema of its body, or null for an answer without one. */
  responses: Record<string, JsonObject | null>;
}

const jsonSchema = (content: Json | undefined): JsonObject | null => {
  const media = isObject(content) ? content['application/json'] : undefined;
  return isObject(media) && isObject(media['schema']) ? media['schema'] : null;
};

function operation(
  document: JsonObject,
  [operationId, method, path]: readonly [string, string, string],
): Operation {
  const paths = document['paths'];
  const item = isObject(paths) ? paths[path] : undefined;
  const raw = isObject(item) ? item[method] : undefined;
  if (!isObject(item) || !isObject(raw))
    throw new Error(`the reference has no ${method.toUpperCase()} ${path}`);
  const op = trim(document, raw) as JsonObject;
  if (op['operationId'] !== operationId)
    throw new Error(`${method.toUpperCase()} ${path} is ${String(op['operationId'])}, not ${operationId}`);
  const shared = trim(document, item['parameters'] ?? []) as Json[];
  const parameters = [...shared, ...((op['parameters'] ?? []) as Json[])].filter(isObject).map((p) => ({
    name: String(p['name']),
    in: String(p['in']),
    required: p['required'] === true,
    schema: isObject(p['schema']) ? p['schema'] : {},
  }));
  const body = op['requestBody'];
  const responses: Record<string, JsonObject | null> = {};
  for (const [status, answer] of Object.entries(isObject(op['responses']) ? op['responses'] : {}))
    responses[status] = isObject(answer) ? jsonSchema(answer['content']) : null;
  return {
    operationId,
    method: method.toUpperCase(),
    path,
    parameters,
    requestBody: isObject(body)
      ? { required: body['required'] === true, schema: jsonSchema(body['content']) ?? {} }
      : null,
    responses,
  };
}

/** The schema at `steps` below `schema` (property names, and `[]` for an array's items), or an error naming it. */
function at(schema: JsonObject, where: string, steps: readonly string[]): JsonObject {
  let node: Json = schema;
  for (const step of steps) {
    const next: Json | undefined =
      step === '[]'
        ? isObject(node)
          ? node['items']
          : undefined
        : isObject(node) && isObject(node['properties'])
          ? node['properties'][step]
          : undefined;
    if (!isObject(next)) throw new Error(`${where}: the reference has no ${steps.join('.')}`);
    node = next;
  }
  return node as JsonObject;
}

function answer(ops: Map<string, Operation>, id: string, status = '200'): JsonObject {
  const schema = ops.get(id)?.responses[status];
  if (schema == null) throw new Error(`the reference's ${id} has no ${status} answer`);
  return schema;
}

/** The fixtures' README: where real answers and the reference disagree, the real answer wins. */
function applyExceptions(ops: Map<string, Operation>): void {
  for (const op of ops.values()) {
    const page = op.responses['200'];
    if (page == null || !isObject(page['properties']) || !('next_page_token' in page['properties'])) continue;
    const token = at(page, op.operationId, ['next_page_token']);
    Object.assign(token, nullable(token), {
      'x-exception': 'null on a last page in real answers (x-nullable in the reference)',
    });
  }
  const notStarted = 'null in real answers for a job that has not started (an approval, a queued job)';
  for (const [id, steps] of [
    ['listWorkflowJobs', ['items', '[]', 'started_at']],
    ['getJobDetails', ['started_at']],
  ] as const) {
    const started = at(answer(ops, id), id, steps);
    Object.assign(started, nullable(started), { 'x-exception': notStarted });
  }
  const jobNumber = at(answer(ops, 'listWorkflowJobs'), 'listWorkflowJobs', ['items', '[]', 'job_number']);
  jobNumber['x-exception'] =
    'left out of an approval job in 2020 answers, an integer in 2024 answers, never null: optional, not nullable';
  if (Array.isArray(jobNumber['type'])) throw new Error('listWorkflowJobs: job_number became nullable');
  const project = at(answer(ops, 'getJobDetails'), 'getJobDetails', ['project']);
  const required = project['required'];
  if (!Array.isArray(required) || !required.includes('id'))
    throw new Error('getJobDetails: project.id moved');
  project['required'] = required.filter((name) => name !== 'id');
  project['x-exception'] = "a recorded 2020 answer's project has no id: optional";
  // The limits the reference gives in words only, so that a check can see them.
  for (const id of ['triggerPipelineRun', 'triggerPipeline']) {
    const body = ops.get(id)?.requestBody?.schema;
    if (body === undefined) throw new Error(`${id} has no request body`);
    const parameters = at(body, id, ['parameters']);
    Object.assign(parameters, {
      maxProperties: 100,
      propertyNames: { maxLength: 128 },
      additionalProperties: {
        ...(isObject(parameters['additionalProperties']) ? parameters['additionalProperties'] : {}),
        maxLength: 512,
      },
      'x-exception': "the reference's own words: 100 entries at most, keys of 128 characters, values of 512",
    });
  }
}

/**
 * The reference's provider words become ours. Its remaining word, the service's own for projects of its app
 * integration, stands for any other word: a project named by its slug alone has an opaque provider word
 * (docs/v2.md, "Addressing"), so such an enum keeps no list of words, only the mapping.
 */
function mapProviders(value: Json): Json {
  if (Array.isArray(value)) return value.map(mapProviders);
  if (!isObject(value)) return value;
  const out: JsonObject = {};
  for (const [key, item] of Object.entries(value)) out[key] = mapProviders(item);
  const values = out['enum'];
  if (!Array.isArray(values) || !values.some((v) => typeof v === 'string' && v in PROVIDERS)) return out;
  out['x-mapped'] = values.map((v) => {
    const ours = typeof v === 'string' ? PROVIDERS[v] : undefined;
    return ours === undefined
      ? "the service's own word → any other word, the opaque provider of a project named by its slug alone"
      : `${String(v)} → ${ours}`;
  });
  delete out['enum'];
  return out;
}

export function trimmedReference(text: string, file: string): JsonObject {
  const document = JSON.parse(text) as JsonObject;
  if (typeof document['openapi'] !== 'string') throw new Error(`${file} is not an OpenAPI document`);
  const ops = new Map(OPERATIONS.map((entry) => [entry[0], operation(document, entry)] as const));
  applyExceptions(ops);
  const info = isObject(document['info']) ? document['info'] : {};
  const date = /\d{4}-\d{2}-\d{2}/u.exec(basename(file))?.[0] ?? 'undated';
  return {
    source: `the service's API ${String(info['version'])} reference, ${basename(file)} (OpenAPI ${document['openapi']})`,
    date,
    sha256: createHash('sha256').update(text).digest('hex'),
    made: 'npm run reference -- <path to the openapi.json>; do not edit by hand (docs/v2.md)',
    marks: {
      'x-exception': 'a change from the reference, where real answers differ, with the reason',
      'x-mapped': "the reference's provider words and ours that replace them",
    },
    operations: Object.fromEntries([...ops].map(([id, op]) => [id, mapProviders(op as unknown as Json)])),
  };
}

async function main(): Promise<void> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { out: { type: 'string', default: REFERENCE_COPY } },
  });
  const [file] = positionals;
  if (file === undefined || positionals.length > 1) {
    process.stderr.write('usage: npm run reference -- <path to openapi.json> [--out file]\n');
    process.exit(2);
  }
  const copy = trimmedReference(readFileSync(file, 'utf8'), file);
  // Written as `npm run format` would write it, so that `npm run lint` takes the copy as it is.
  const options = (await resolveConfig(values.out)) ?? {};
  writeFileSync(values.out, await format(JSON.stringify(copy), { ...options, filepath: values.out }));
  process.stdout.write(`${values.out}: ${OPERATIONS.length} operations of ${String(copy['source'])}\n`);
}

if (import.meta.filename === process.argv[1]) await main();
