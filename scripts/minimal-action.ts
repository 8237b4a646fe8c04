// The yardstick of `npm run cold-start -- --minimal`: an action that imports the libraries the actions use, the
// plain way, and makes the one call clear-cache makes. Its start is what the libraries cost by themselves.
import * as core from '@actions/core';
import 'picomatch';
import { Agent, request } from 'undici';

const base = core.getInput('base-url', { required: true }).replace(/\/+$/u, '');
const token = core.getInput('token', { required: true });
const repository = process.env.GITHUB_REPOSITORY ?? '';
const dispatcher = new Agent();
const answer = await request(`${base}/project/primary-host/${repository}/build-cache`, {
  method: 'DELETE',
  headers: {
    authorization: `Basic ${Buffer.from(`${token}:`).toString('base64')}`,
    accept: 'application/json',
  },
  dispatcher,
});
const body = await answer.body.text();
if (answer.statusCode !== 200) core.setFailed(`HTTP ${answer.statusCode}: ${body}`);
else core.info(`Cleared: ${body}`);
await dispatcher.close();
