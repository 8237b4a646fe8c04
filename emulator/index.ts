// An emulator of the CI service's REST API v1.1: a real HTTP server on 127.0.0.1 for tests, the demo and
// benchmarks. A second server on another port plays the storage that signed artifact URLs point at.

import { timingSafeEqual } from 'node:crypto';
import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { systemClock, type Clock } from './service.ts';
import { CONTROL_PREFIX, findControlRoute } from './control.ts';
import { defaultRecorder, type ExchangeRecorder } from './exchanges.ts';
import { Faults, type FaultKind } from './faults.ts';
import {
  faultReply,
  htmlPage,
  messageReply,
  notFoundPage,
  resetConnection,
  sendReply,
  textReply,
  Timers,
  type Reply,
} from './http.ts';
import type { ProjectConfig } from './model.ts';
import { buildUrl } from './render.ts';
import { findApiRoute } from './routes.ts';
import { API_V2_PREFIX, findV2Route } from './routes-v2.ts';
import { EmulatorState } from './state.ts';
import { artifactReply, serveStorage } from './storage.ts';

export { ArmedFault, Faults } from './faults.ts';
export type { FaultKind, FaultRule, FaultScope } from './faults.ts';
export { encodeOpenSshPrivateKey, md5Fingerprint, sshPublicKeyBlob } from './keys.ts';
export { DEFAULT_ARTIFACTS, EmulatedProject, FINAL_OUTCOMES } from './model.ts';
export type {
  ArtifactSpec,
  BuildBehaviour,
  EmulatedUser,
  FailureSpec,
  FinalOutcome,
  JobSpec,
  ProjectConfig,
  WorkflowSpec,
  StoredCheckoutKey,
  StoredSshKey,
} from './model.ts';
export { applySeed, EXAMPLE_TEST_FAILURE, parseSeed, seedExample } from './seed.ts';
export type { SeedFile, SeedProject } from './seed.ts';
export { CONTROL_PREFIX } from './control.ts';
export { recordV2Exchanges } from './exchanges.ts';
export type { ExchangeRecorder, V2Exchange } from './exchanges.ts';
export type { PushRequest, PushResult } from './pushes.ts';
export type { OutputChunk } from './output.ts';
export { SIGNED_URL_SECONDS } from './signing.ts';
export { EmulatorState } from './state.ts';
export type { BuildListOptions, ProjectRef } from './state.ts';
export type { BuildSeed, TriggerRequest } from './builds.ts';
export type { ArtifactFile } from './storage.ts';

export const API_PREFIX = '/api/v1.1';
export { API_V2_PREFIX } from './routes-v2.ts';
export { V1_TRIGGER_SUNSET_AT, V1_TRIGGER_SUNSET_PAGE } from './routes.ts';
const HOST = '127.0.0.1';
/** Bodies larger than this are refused (the API takes small JSON documents). */
const MAX_REQUEST_BODY = 10 * 1024 * 1024;

export interface EmulatorOptions {
  /** Port of the API server; 0 (default) picks a free one. */
  port?: number;
  /** The only valid credential (default `emulator-token`). */
  token?: string;
  /**
   * Drives build lifecycles, request times and signed-URL expiry (default: the system clock). Network pacing
   * (the `slow-body` fault) runs on real time.
   */
  clock?: Clock;
  /** Configuration every new project starts from. */
  defaults?: ProjectConfig;
  /** Artifact URLs of every project answer with a redirect to the second origin. */
  artifactRedirect?: boolean;
  /** After the sunset: the v1.1 trigger and retry answer 410 Gone (docs/sunset.md). */
  postSunset?: boolean;
  /**
   * Given every API v2 exchange once it is answered (the contract check of test/contract reads them); default:
   * the recorder set by `recordV2Exchanges`, else none.
   */
  exchanges?: ExchangeRecorder;
}

function answerOf(reply: Reply): unknown {
  if (!Buffer.isBuffer(reply.body)) return undefined;
  return parseBody(reply.body).body;
}

/** A request as the emulator received it. */
export interface RecordedRequest {
  method: string;
  /** As received, still URL-encoded, without the query: below `/api/v1.1` for API requests, whole otherwise
   *  (API v2's start with `/api/v2/`). */
  path: string;
  /** The request target exactly as received (path and query). */
  url: string;
  /** Query parameters (the last of repeated ones). */
  query: Record<string, string>;
  /** Headers, names lowercased. */
  headers: IncomingHttpHeaders;
  /** Parsed JSON, raw text when not JSON, undefined when empty. */
  body: unknown;
  origin: 'api' | 'second';
  /** Clock time of arrival, ms. */
  time: number;
  /** The fault applied to it, if any. */
  fault?: FaultKind;
}

/** Picks requests: a path prefix (as in RecordedRequest.path), a pattern, or a predicate. */
export type RequestMatcher = string | RegExp | ((request: RecordedRequest) => boolean);

export interface Emulator {
  /** `http://127.0.0.1:<port>/api/v1.1` */
  readonly baseUrl: string;
  /** `http://127.0.0.1:<port>` */
  readonly origin: string;
  /** Origin of the second server (signed artifact URLs, no authentication). */
  readonly secondOrigin: string;
  readonly token: string;
  /** Value of a valid Authorization header. */
  readonly authorization: string;
  readonly state: EmulatorState;
  /** Every request received by both servers, oldest first. */
  readonly requests: RecordedRequest[];
  readonly faults: Faults;
  /** Empties `requests` (in place) and the concurrency record. */
  resetRequests(): void;
  /** Most requests matching at the same moment since the last reset (download concurrency). */
  maxInFlight(match?: RequestMatcher): number;
  /** Requests matching that are being answered right now. */
  inFlight(match?: RequestMatcher): number;
  /** Closes both servers, cuts open connections and clears all timers. */
  close(): Promise<void>;
}

interface Interval {
  start: number;
  end: number | undefined;
}

function matcher(match: RequestMatcher | undefined): (request: RecordedRequest) => boolean {
  if (match === undefined) return () => true;
  if (typeof match === 'string') return (request) => request.path.startsWith(match);
  if (match instanceof RegExp) {
    return (request) => {
      match.lastIndex = 0;
      return match.test(request.path);
    };
  }
  return match;
}

async function readBody(req: IncomingMessage): Promise<{ data: Buffer; tooLarge: boolean }> {
  const chunks: Buffer[] = [];
  let size = 0;
  let tooLarge = false;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_REQUEST_BODY) tooLarge = true;
    else chunks.push(chunk);
  }
  return { data: Buffer.concat(chunks), tooLarge };
}

function parseBody(data: Buffer): { body: unknown; notJson: boolean } {
  if (data.length === 0) return { body: undefined, notJson: false };
  const text = data.toString('utf8');
  try {
    return { body: JSON.parse(text) as unknown, notJson: false };
  } catch {
    return { body: text, notJson: true };
  }
}

class RunningEmulator implements Emulator {
  readonly baseUrl: string;
  readonly origin: string;
  readonly secondOrigin: string;
  readonly token: string;
  readonly authorization: string;
  readonly state: EmulatorState;
  readonly requests: RecordedRequest[] = [];
  readonly faults = new Faults();
  private readonly clock: Clock;
  private readonly servers: Server[];
  private readonly sockets: Set<Socket>;
  private readonly timers: Timers;
  private readonly intervals = new WeakMap<RecordedRequest, Interval>();
  private readonly exchanges: ExchangeRecorder | undefined;
  private sequence = 0;
  private closing: Promise<void> | undefined;

  constructor(init: {
    origin: string;
    secondOrigin: string;
    token: string;
    clock: Clock;
    state: EmulatorState;
    servers: Server[];
    sockets: Set<Socket>;
    timers: Timers;
    exchanges: ExchangeRecorder | undefined;
  }) {
    this.exchanges = init.exchanges;
    this.origin = init.origin;
    this.secondOrigin = init.secondOrigin;
    this.baseUrl = `${init.origin}${API_PREFIX}`;
    this.token = init.token;
    this.authorization = `Basic ${Buffer.from(`${init.token}:`).toString('base64')}`;
    this.clock = init.clock;
    this.state = init.state;
    this.servers = init.servers;
    this.sockets = init.sockets;
    this.timers = init.timers;
  }

  resetRequests(): void {
    this.requests.length = 0;
  }

  maxInFlight(match?: RequestMatcher): number {
    const events: [number, number][] = [];
    for (const request of this.requests.filter(matcher(match))) {
      const interval = this.intervals.get(request);
      if (interval === undefined) continue;
      events.push([interval.start, 1], [interval.end ?? Infinity, -1]);
    }
    events.sort((a, b) => a[0] - b[0]);
    let current = 0;
    let max = 0;
    for (const [, delta] of events) {
      current += delta;
      max = Math.max(max, current);
    }
    return max;
  }

  inFlight(match?: RequestMatcher): number {
    return this.requests
      .filter(matcher(match))
      .filter((request) => this.intervals.get(request)?.end === undefined).length;
  }

  close(): Promise<void> {
    this.closing ??= (async () => {
      this.timers.clearAll();
      for (const socket of this.sockets) socket.destroy();
      await Promise.all(
        this.servers.map(
          (server) =>
            new Promise<void>((resolve) => {
              server.close(() => resolve());
              server.closeAllConnections();
            }),
        ),
      );
    })();
    return this.closing;
  }

  private authenticated(headers: IncomingHttpHeaders): boolean {
    const match = /^basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(headers.authorization ?? '');
    if (match?.[1] === undefined) return false;
    const given = Buffer.from(match[1], 'base64');
    const expected = Buffer.from(`${this.token}:`);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  async handle(req: IncomingMessage, res: ServerResponse, origin: 'api' | 'second'): Promise<void> {
    const interval: Interval = { start: ++this.sequence, end: undefined };
    res.once('close', () => (interval.end = ++this.sequence));
    res.on('error', () => undefined);
    const url = req.url ?? '/';
    const queryStart = url.indexOf('?');
    const rawPath = queryStart >= 0 ? url.slice(0, queryStart) : url;
    const query = Object.fromEntries(new URLSearchParams(queryStart >= 0 ? url.slice(queryStart + 1) : ''));
    const isApi = origin === 'api' && (rawPath === API_PREFIX || rawPath.startsWith(`${API_PREFIX}/`));
    const path = isApi ? rawPath.slice(API_PREFIX.length) : rawPath;
    const method = req.method ?? 'GET';
    let raw: { data: Buffer; tooLarge: boolean };
    try {
      raw = await readBody(req);
    } catch {
      return;
    }
    const { body, notJson } = parseBody(raw.data);
    const record: RecordedRequest = {
      method,
      path,
      url,
      query,
      headers: { ...req.headers },
      body,
      origin,
      time: this.clock.now(),
    };
    this.requests.push(record);
    this.intervals.set(record, interval);

    const fault = this.faults.take({ method, path, origin });
    if (fault !== undefined) record.fault = fault.kind;
    const beforeEffect =
      fault !== undefined &&
      (fault.kind === 'status' || fault.kind === 'reset' || fault.kind === 'stall-headers') &&
      fault.afterEffect !== true;
    let reply: Reply | undefined;
    if (!beforeEffect) {
      const context = { method, path, isApi, query, headers: req.headers, raw, body, notJson };
      reply = origin === 'api' ? await this.routeApiOrigin(context) : serveStorage(this.state, context);
    }
    if (fault?.kind === 'status') reply = faultReply(fault);
    else if (fault?.kind === 'reset') return resetConnection(req.socket);
    // Stalled: no answer at all; the socket stays open until the client gives up or the emulator closes.
    else if (fault?.kind === 'stall-headers') return;
    if (reply === undefined) throw new Error('no reply');
    if (this.exchanges !== undefined && origin === 'api' && path.startsWith(`${API_V2_PREFIX}/`)) {
      this.exchanges({
        method,
        path: path.slice(API_V2_PREFIX.length),
        query,
        body,
        status: reply.status,
        contentType: reply.headers['Content-Type'],
        answer: answerOf(reply),
        ...(fault !== undefined && { fault: fault.kind }),
      });
    }
    await sendReply(res, reply, { head: method === 'HEAD', timers: this.timers, fault });
  }

  private async routeApiOrigin(request: {
    method: string;
    path: string;
    isApi: boolean;
    query: Record<string, string>;
    headers: IncomingHttpHeaders;
    raw: { data: Buffer; tooLarge: boolean };
    body: unknown;
    notJson: boolean;
  }): Promise<Reply> {
    const { method, path, headers } = request;
    if (request.raw.tooLarge)
      return htmlPage(413, 'Request Entity Too Large', 'The request body is too large.');
    // Front ends refuse a GET or DELETE that carries a body before the application sees it.
    if ((method === 'GET' || method === 'DELETE' || method === 'HEAD') && request.raw.data.length > 0) {
      return htmlPage(
        403,
        'Forbidden',
        'The request could not be satisfied: a GET or DELETE request has a body.',
      );
    }
    const v2 = path.startsWith(`${API_V2_PREFIX}/`);
    if (request.isApi || v2) {
      let segments: string[];
      try {
        segments = (v2 ? path.slice(API_V2_PREFIX.length) : path).split('/').slice(1).map(decodeURIComponent);
      } catch {
        return notFoundPage();
      }
      const find = v2 ? findV2Route : findApiRoute;
      const route = segments.includes('') ? undefined : find(method, segments);
      if (route === undefined) return notFoundPage();
      if (!this.authenticated(headers)) return messageReply(401, 'You must log in first.');
      return route(this.state, {
        method,
        segments,
        query: request.query,
        body: request.body,
        bodyNotJson: request.notJson,
      });
    }
    if (path.startsWith(`${CONTROL_PREFIX}/`)) {
      const control = findControlRoute(method, path);
      if (control === undefined) return notFoundPage();
      if (!this.authenticated(headers)) return messageReply(401, 'You must log in first.');
      return control(this.state, { body: request.body, bodyNotJson: request.notJson });
    }
    if (path.startsWith('/artifacts/') && (method === 'GET' || method === 'HEAD')) {
      if (!this.authenticated(headers)) return messageReply(401, 'You must log in first.');
      const file = this.state.findArtifact(path);
      if (file === undefined) return notFoundPage();
      if (file.redirect) return textReply(302, '', 'text/plain', { Location: this.state.signer.sign(path) });
      return artifactReply(file, headers);
    }
    const page = /^\/([^/]+)\/([^/]+)\/([^/]+)\/(\d+)$/.exec(path);
    if (page !== null && method === 'GET') {
      const [, vcs = '', user = '', repo = '', num = ''] = page;
      let project;
      try {
        project = this.state.findProject(
          decodeURIComponent(vcs),
          decodeURIComponent(user),
          decodeURIComponent(repo),
        );
      } catch {
        return notFoundPage();
      }
      const build = project === undefined ? undefined : this.state.getBuild(project, Number(num));
      if (project !== undefined && build !== undefined) {
        return htmlPage(
          200,
          `${project.slug} #${build.build_num}`,
          `Build ${buildUrl(project, this.origin, build.build_num)} on ${build.branch ?? '(no branch)'}: ${String(build.status)}`,
        );
      }
    }
    return notFoundPage();
  }
}

function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, HOST, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

/** Starts the emulator: the API server and the second (storage) server, both on 127.0.0.1. */
export async function startEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  const sockets = new Set<Socket>();
  let emulator: RunningEmulator | undefined;
  const makeServer = (origin: 'api' | 'second'): Server => {
    const server = createServer((req, res) => {
      if (emulator === undefined) {
        res.writeHead(503).end();
        return;
      }
      emulator.handle(req, res, origin).catch((error: unknown) => {
        if (res.headersSent) res.destroy();
        else res.writeHead(500, { 'Content-Type': 'text/plain' }).end(String(error));
      });
    });
    server.on('connection', (socket) => {
      sockets.add(socket);
      socket.once('close', () => sockets.delete(socket));
    });
    return server;
  };
  const apiServer = makeServer('api');
  const secondServer = makeServer('second');
  try {
    const apiPort = await listen(apiServer, options.port ?? 0);
    const secondPort = await listen(secondServer, 0);
    const origin = `http://${HOST}:${apiPort}`;
    const clock = options.clock ?? systemClock;
    const secondOrigin = `http://${HOST}:${secondPort}`;
    const state = new EmulatorState({
      clock,
      origin,
      storageOrigin: secondOrigin,
      ...(options.defaults !== undefined && { defaults: options.defaults }),
      ...(options.artifactRedirect !== undefined && { artifactRedirect: options.artifactRedirect }),
    });
    emulator = new RunningEmulator({
      origin,
      secondOrigin,
      token: options.token ?? 'emulator-token',
      clock,
      state,
      servers: [apiServer, secondServer],
      sockets,
      timers: new Timers(),
      exchanges: options.exchanges ?? defaultRecorder(),
    });
    state.postSunset = options.postSunset ?? false;
    return emulator;
  } catch (error) {
    apiServer.close();
    secondServer.close();
    throw error;
  }
}
