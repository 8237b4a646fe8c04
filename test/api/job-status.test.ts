// The v2 job statuses: one table in the code, the same table in docs/projects.md, every status the service has.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { jobStatusMeaning, V2_JOB_STATUSES } from '../../src/service/job-status.ts';
import { SERVICE_JOB_STATUSES } from '../helpers/service-enums.ts';

describe('v2 job statuses', () => {
  it('are all in the table, and nothing else', () => {
    expect(Object.keys(V2_JOB_STATUSES).sort()).toEqual([...SERVICE_JOB_STATUSES].sort());
  });

  it('map to the same outcomes in docs/projects.md', () => {
    const readme = readFileSync(new URL('../../docs/projects.md', import.meta.url), 'utf8');
    const rows = [...readme.matchAll(/^\| `([a-z_-]+)` \| (yes|no)[^|]*\| (?:`([a-z_]+)`)?[^|]*\|$/gmu)].map(
      ([, status, ended, outcome]) => [status, { ended: ended === 'yes', outcome: outcome ?? '' }],
    );
    expect(Object.fromEntries(rows)).toEqual(V2_JOB_STATUSES);
  });

  it('take a status the table does not know for a job still going', () => {
    expect(jobStatusMeaning('something-new')).toEqual({ ended: false, outcome: '' });
    expect(jobStatusMeaning('toString')).toEqual({ ended: false, outcome: '' });
    expect(jobStatusMeaning('terminated-unknown')).toEqual({ ended: true, outcome: 'infrastructure_fail' });
  });
});
