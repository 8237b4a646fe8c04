// src/lazy/: what the bundle puts in place of @actions/http-client (and @actions/exec) behaves as the package does
// for the calls @actions/core makes, though the package loads only at first use.
import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { HttpClient } from '../src/lazy/http-client.ts';
import { cleanupScope } from './helpers/scope.ts';

const { listen } = cleanupScope();

async function echoServer(): Promise<string> {
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ method: req.method, agent: req.headers['user-agent'], body }));
    });
  });
  return listen(server);
}

describe('the lazy HttpClient', () => {
  it('forwards getJson, as @actions/core asks an OIDC token', async () => {
    const origin = await echoServer();
    const client = new HttpClient('oidc-test', [], { allowRetries: false });
    const answer = await client.getJson<{ method: string; agent: string }>(`${origin}/token`);
    expect(answer.statusCode).toBe(200);
    expect(answer.result).toEqual({ method: 'GET', agent: 'oidc-test', body: '' });
  });

  it('forwards get and post, as a download through it would, with the real response', async () => {
    const origin = await echoServer();
    const client = new HttpClient('lazy-test');
    const got = await client.get(`${origin}/file`);
    expect(got.message.statusCode).toBe(200);
    expect(JSON.parse(await got.readBody())).toEqual({ method: 'GET', agent: 'lazy-test', body: '' });
    const posted = await client.post(`${origin}/form`, 'a=1');
    expect(JSON.parse(await posted.readBody())).toMatchObject({ method: 'POST', body: 'a=1' });
    client.dispose();
  });

  it('a request that fails fails as the real client does', async () => {
    const origin = await echoServer();
    const client = new HttpClient('x', [], { allowRetries: false });
    // A closed port: the real client's connection error, not one of the forwarding's.
    const closed = origin.replace(/:\d+$/u, ':1');
    await expect(client.get(`${closed}/`)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });

  it('says that its synchronous getAgent and getAgentDispatcher are not available', () => {
    const client = new HttpClient('x');
    expect(() => client.getAgent()).toThrow(/getAgent\(\) is not available in this bundle/u);
    expect(() => client.getAgentDispatcher()).toThrow(/getAgentDispatcher\(\) is not available/u);
  });
});
