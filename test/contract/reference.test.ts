// The trimmed copy of the service's reference (scripts/reference.ts; docs/v2.md, "The service's reference"): it
// names its source and date, holds every v2 call the product makes and only what a validator reads, with each
// change from the reference marked.
import { describe, expect, it } from 'vitest';
import { OPERATIONS } from '../../scripts/reference.ts';
import { readReference, referenceAjv } from './check.ts';

const copy = readReference();

/** Every key of the copy, with the path where it is. */
function keys(value: unknown, path = ''): [string, string][] {
  if (Array.isArray(value)) return value.flatMap((item, i) => keys(item, `${path}/${i}`));
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, item]) => [
    [key, path] as [string, string],
    ...keys(item, `${path}/${key}`),
  ]);
}

describe('test/contract/v2-reference.json', () => {
  it('names its source and its date at the top', () => {
    expect(Object.keys(copy).slice(0, 3)).toEqual(['source', 'date', 'sha256']);
    expect(copy.source).toMatch(
      /^the service's API v2 reference, v2-\d{4}-\d{2}-\d{2}\.json \(OpenAPI 3\.0\.\d\)$/u,
    );
    expect(copy.date).toBe('2025-10-17');
  });

  it("holds every call of docs/v2.md, by the reference's operation ids", () => {
    expect(Object.keys(copy.operations)).toEqual(OPERATIONS.map(([id]) => id));
    for (const [id, method, path] of OPERATIONS)
      expect(copy.operations[id]).toMatchObject({ method: method.toUpperCase(), path });
  });

  it('keeps no descriptions, examples, code samples or references, and no OpenAPI-only words', () => {
    const found = keys(copy.operations).filter(([key]) =>
      [
        'description',
        'summary',
        'example',
        'examples',
        'x-codeSamples',
        '$ref',
        'x-nullable',
        'nullable',
      ].includes(key),
    );
    expect(found).toEqual([]);
  });

  it('marks each change from the reference, and maps its provider words to ours', () => {
    const marked = keys(copy.operations)
      .filter(([key]) => key === 'x-exception')
      .map(([, path]) => path.replace(/^\/(\w+)\/responses\/\d+/u, '$1').replace(/\/properties/gu, ''));
    expect(marked).toEqual(
      expect.arrayContaining([
        'listWorkflowJobs/items/items/started_at',
        'listWorkflowJobs/items/items/job_number',
        'getJobDetails/started_at',
        'getJobDetails/project',
        'listWorkflowJobs/next_page_token',
      ]),
    );
    const provider = copy.operations['triggerPipelineRun']?.parameters.find((p) => p.name === 'provider');
    expect(provider?.schema).toEqual({
      type: 'string',
      'x-mapped': [
        'github → primary-host',
        'gh → primary-host',
        'bitbucket → secondary-host',
        'bb → secondary-host',
        "the service's own word → any other word, the opaque provider of a project named by its slug alone",
      ],
    });
    expect(JSON.stringify(copy.operations)).not.toMatch(/"enum":\[[^\]]*"(gh|github|bb|bitbucket)"/u);
  });

  it('compiles with ajv, every schema of it', () => {
    const ajv = referenceAjv();
    for (const op of Object.values(copy.operations)) {
      for (const schema of Object.values(op.responses)) if (schema !== null) ajv.compile(schema);
      if (op.requestBody !== null) ajv.compile(op.requestBody.schema);
    }
  });
});
