// Names that one disk or another merges or refuses, and a service that lists them as artifacts of one build: shared
// by the profile tables (test/api/file-systems.test.ts), the bundle tests and the real file systems of test/fs.
import type { TestServer } from '../api/download-server.ts';
import { send, type Handler } from '../api/download-server.ts';

/** Hostile lists, by what they try. */
export const HOSTILE_NAMES: Record<string, string[]> = {
  'case pairs': [
    'Report.txt',
    'report.txt',
    'REPORT.TXT',
    'dir/A.txt',
    'DIR/a.txt',
    'x/\u03a3.txt',
    'x/\u03c3.txt',
  ],
  'NFC/NFD pairs': ['caf\u00e9.txt', 'cafe\u0301.txt', 'd\u00e9j\u00e0/x', 'de\u0301ja\u0300/x'],
  'reserved names': [
    'CON',
    'aux.txt',
    'nul.tar.gz',
    'COM1.log',
    'lpt9',
    'Con .txt',
    'com\u00b9',
    'prn/x.txt',
  ],
  ': and streams': ['report-10:32:01.xml', 'file.txt:stream', 'a::$DATA', 'dir:x/y.txt'],
  'trailing dots and spaces': ['trail.', 'space ', 'dir./x.txt', 'dir /y.txt', 'a. .'],
  'characters Windows refuses': ['a<b', 'a>b', 'q"uote', 'p|ipe', 'what?', 'st*r'],
};

/** Saved beside whatever the hostile ones do. */
export const SAFE_NAMES = ['safe/one.txt', 'safe/two.txt'];

export interface Listed {
  /** Below the build's output folder, `/`-separated. */
  path: string;
  node?: number;
  data: string | Buffer;
}

export const PROJECT_PATH = '/api/v1.1/project/primary-host/octo-org/octo-repo';

/**
 * Answers build `build`'s artifact list with `artifacts` (path `/home/ci/out/<path>`, pretty path `$OUT/<path>`),
 * and each artifact's URL `/<index>` with its data.
 */
export async function artifactService(
  server: (handler: Handler) => Promise<TestServer>,
  build: number,
  artifacts: readonly Listed[],
): Promise<TestServer> {
  let origin = '';
  const s = await server((req, res) => {
    const path = (req.url ?? '').split('?')[0] ?? '';
    if (path === `${PROJECT_PATH}/${build}/artifacts`) {
      const list = artifacts.map((a, i) => ({
        path: `/home/ci/out/${a.path}`,
        pretty_path: `$OUT/${a.path}`,
        node_index: a.node ?? 0,
        url: `${origin}/${i}`,
      }));
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(list));
      return;
    }
    const artifact = artifacts[Number(path.slice(1))];
    if (artifact === undefined) res.writeHead(404).end();
    else send(req, res, Buffer.from(artifact.data));
  });
  origin = s.origin;
  return s;
}
