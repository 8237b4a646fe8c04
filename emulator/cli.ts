// Runs the emulator in the foreground:
//
//   node emulator/cli.ts [--port 8111] [--token t] [--seed file.json] [--artifact-redirect] [--post-sunset]
//
// --port               port of the API server (default 0: any free port; the address is printed)
// --token              the only valid API token (default emulator-token)
// --seed               JSON file of projects to start with, instead of the example project
// --artifact-redirect  artifact URLs redirect to a second server, like signed storage URLs
// --post-sunset        the service after 2027-02-01: the v1.1 trigger and retry answer 410 Gone (also
//                      `POST /_emulator/sunset` with {"post_sunset": true}); API v2 (/api/v2) answers either way
//
// Seed file format (times are ISO text or epoch milliseconds; every field but username/reponame optional):
//
//   {
//     "platformKey": "0f3c...",
//     "projects": [
//       {
//         "vcsType": "primary-host",              // or "secondary-host"
//         "username": "octo-org",
//         "reponame": "octo-repo",
//         "config": {                             // how new builds behave (ProjectConfig in model.ts)
//           "queuedMs": 500, "runMs": 2000, "outcome": "success", "platform": "2.0", "parallel": 1,
//           "hold": false, "artifactRedirect": false, "defaultBranch": "master",
//           "outputBytes": 50000000,              // a step output of tens of MB, generated
//           "failure": { "step": "Run tests", "command": "npm test", "output": ["..."], "exitCode": 1 },
//           "artifacts": [{ "path": "dist/app.tar.gz", "size": 4096 }],
//           "tests": [{ "name": "works", "result": "success", "run_time": 0.1 }],
//           "branches": { "flaky": { "outcome": "failed" }, "bad-config": { "configError": "..." } },
//           "parameters": { "deploy": { "type": "boolean", "default": false } },  // declared pipeline parameters
//           "workflows": [{ "name": "ci", "jobs": [   // what a push starts: one build per job
//             { "name": "build" },
//             { "name": "hold", "type": "approval", "requires": ["build"] },   // on_hold until approved
//             { "name": "deploy", "requires": ["build"], "outcome": "failed",
//               "failure": { "step": "Deploy", "command": "./deploy.sh", "output": ["permission denied"], "exitCode": 1 } }
//           ] }]
//         },
//         "builds": [                             // inserted in order (BuildSeed in state.ts)
//           { "branch": "master", "outcome": "success", "queued_at": "2024-05-01T10:00:00Z" },
//           { "branch": "master", "status": "running" }
//         ],
//         "envvars": { "DEPLOY_ENV": "staging" },
//         "checkoutKeys": ["deploy-key"],         // generated
//         "pushes": [{ "branch": "master", "subject": "Fix", "delayMs": 2000 }]   // after the builds
//       }
//     ]
//   }
//
// A bare array of projects is accepted too. Stop with Ctrl-C (SIGINT) or SIGTERM.

import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { startEmulator } from './index.ts';
import { applySeed, parseSeed, seedExample } from './seed.ts';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '0' },
      token: { type: 'string', default: 'emulator-token' },
      seed: { type: 'string' },
      'artifact-redirect': { type: 'boolean', default: false },
      'post-sunset': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(
      'usage: node emulator/cli.ts [--port N] [--token T] [--seed file.json] [--artifact-redirect] [--post-sunset]',
    );
    return;
  }
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`--port: not a port: ${values.port}`);
  const seed =
    values.seed === undefined ? undefined : parseSeed(JSON.parse(await readFile(values.seed, 'utf8')));

  const emulator = await startEmulator({
    port,
    token: values.token,
    artifactRedirect: values['artifact-redirect'],
    postSunset: values['post-sunset'],
  });
  if (seed === undefined) await seedExample(emulator.state);
  else await applySeed(emulator.state, seed);

  const user = `${values.token}:`;
  const example = emulator.state.projects()[0];
  console.log(`CI service emulator (API v1.1) listening on ${emulator.baseUrl}`);
  console.log(`  API v2 (pipelines) on ${emulator.origin}/api/v2`);
  if (values['post-sunset']) console.log('  post-sunset: the v1.1 trigger and retry answer 410 Gone');
  console.log(`  authentication: HTTP Basic, the token "${values.token}" as user name and an empty password`);
  console.log(`  try: curl -u ${user} ${emulator.baseUrl}/me`);
  if (example !== undefined) {
    console.log(`       curl -u ${user} '${emulator.baseUrl}/project/${example.slug}?limit=5'`);
    console.log(`       curl -u ${user} -X POST ${emulator.baseUrl}/project/${example.slug}/tree/master`);
    console.log(
      `       curl -u ${user} -X POST ${emulator.origin}/_emulator/push -H 'Content-Type: application/json' ` +
        `-d '{"username": "${example.username}", "reponame": "${example.reponame}", "branch": "master"}'`,
    );
  }
  console.log('  stop: Ctrl-C');

  const stop = (signal: string): void => {
    console.log(`${signal}: stopping`);
    emulator.close().then(
      () => console.log('emulator stopped'),
      (error: unknown) => {
        console.error(error);
        process.exitCode = 1;
      },
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(`emulator: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
