// `npm start` runs the demo: on a fresh clone it must end by itself, exit 0, and tell the story it promises (a
// build that fails, then one that passes, a project named by its slug, an approval released and gated), running
// the committed bundles.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../scripts/runner-env.ts';

function runDemo(): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(ROOT, 'scripts/demo.ts')], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), 100_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

describe('npm start (scripts/demo.ts)', () => {
  it('runs every step as expected and exits 0', async () => {
    const { code, stdout, stderr } = await runDemo();
    expect(stderr, stdout).toBe('');
    expect(code, stdout).toBe(0);
    // The failing build fails its step; after the fix a build passes; then the rest of the flow.
    const failed = stdout.indexOf('outcome: failed');
    const passed = stdout.indexOf('outcome: success');
    expect(failed).toBeGreaterThan(0);
    expect(passed).toBeGreaterThan(failed);
    expect(stdout).toMatch(/exit code: 1 \(expected: the build failed/);
    expect(stdout).toMatch(/builds: #\d+ failed, #\d+ passed/);
    for (const action of ['set-envvar', 'add-ssh-key', 'clear-cache', 'wait-for-serial', 'fetch-artifacts']) {
      expect(stdout).toContain(`uses: ./actions/${action}`);
    }
    expect(stdout).toContain('uses: ./\n');
    expect(stdout).not.toContain('::add-mask::');
    expect(stdout).not.toContain('NOT as expected');
    expect(stdout).toContain('Every step behaved as expected.');
    // Every API v2 exchange of the demo keeps the service's reference (docs/v2.md).
    expect(stdout).toMatch(
      /^ {2}API v2: \d+ exchanges, each as the service's reference says \(test\/contract\)$/m,
    );
    // The default trigger goes through a pipeline, before the sunset as after it.
    expect(stdout).toMatch(/Triggered pipeline #\d+ .* through API v2/);
    expect(stdout).not.toMatch(/Warning: The service has deprecated POST .*tree/);
    expect(stdout).toMatch(/after the sunset: pipeline #\d+ ended 'success' through API v2/);
    // A project named by its slug: set-envvar and fetch-artifacts pass, every call of theirs to API v2.
    const bySlug = [
      ...stdout.matchAll(/^\[\d+\] .*\n {2}uses: \.\/actions\/([\w-]+)\n {2}with: project-slug: /gm),
    ];
    expect(bySlug.map((m) => m[1])).toEqual(['set-envvar', 'fetch-artifacts']);
    expect(stdout.match(/^ {2}every call went to API v2 \(\/api\/v2\)$/gm)).toHaveLength(2);
    expect(stdout).toMatch(/^ {2}calls of the API: \d+, and 2 artifact downloads$/m);
    expect(stdout).toContain('the project named by its slug: 2 steps, every call to API v2');
    // A pipeline held at an approval job: triggered without waiting, approved, then it ends.
    expect(stdout).toMatch(
      /uses: \.\/actions\/approve\n.*\n[^[]*exit code: 0\n {2}outputs:\n {4}approved: \[\{"workflow":"release","job":"hold-production",.*\n {4}count: 1\n/,
    );
    expect(stdout).toMatch(/✓ \[\d+\] trigger-build +exit 0 {2}Start the release pipeline/);
    expect(stdout).toMatch(/✓ \[\d+\] approve +exit 0 /);
    // wait-for-build gates exactly that pipeline, which ends with the held job passed.
    expect(stdout).toMatch(
      /uses: \.\/actions\/wait-for-build\n {2}with: pipeline-id: [0-9a-f-]{36},[\s\S]*?exit code: 0\n/,
    );
    expect(stdout).toMatch(/✓ \[\d+\] wait-for-build +exit 0 {2}Wait for the approved pipeline to end/);
    expect(stdout).toContain(
      'the pipeline on the service: build success, hold-production success, deploy success',
    );
    expect(stdout).toMatch(/approval: pipeline #\d+ held at hold-production, approved, then ended 'success'/);
  }, 120_000);
});
