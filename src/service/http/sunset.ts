// What the service says of a call's future (docs/sunset.md): `Deprecation` (RFC 9745, or the older draft's form),
// `Sunset` (RFC 8594) and `Link` rel="deprecation" or "sunset" on any answer, one warning per step; and `410 Gone`
// once a call has been removed, an error that says what replaces it.
import { ApiError } from './errors.ts';
import { definedOnly } from '../../common/values.ts';

export type HeaderValues = Record<string, string | string[] | undefined>;

/** What one answer's headers said: deprecated since a date (or `true`), the date it goes, pages about it. */
interface SunsetInfo {
  deprecation?: Date | true;
  sunset?: Date;
  links: string[];
}

/** The longest link shown: a page's address, not a payload. */
const MAX_LINK_CHARS = 300;

const values = (headers: HeaderValues, name: string): string[] => [headers[name] ?? []].flat();

/** A date `Date` can hold: one past its range is as malformed as one that does not parse. */
function dateOf(ms: number): Date | undefined {
  const date = new Date(ms);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

function httpDate(text: string): Date | undefined {
  // Date.parse takes far more than HTTP-dates; a bare number or a structured date is not one.
  return /^[A-Za-z]{3},? |^[A-Za-z]+, \d/.test(text) ? dateOf(Date.parse(text)) : undefined;
}

/** RFC 9745's `@<seconds>` (a structured-field date), the draft's `true`, or an HTTP-date. */
function deprecationValue(text: string): Date | true | undefined {
  const structured = /^@(-?\d{1,15})$/.exec(text);
  if (structured?.[1] !== undefined) return dateOf(Number(structured[1]) * 1000);
  return /^\?1$|^true$/i.test(text) ? true : httpDate(text);
}

/** `<url>; rel="deprecation"` entries of Link headers with a rel of deprecation or sunset. */
function sunsetLinks(headers: HeaderValues): string[] {
  const found: string[] = [];
  for (const header of values(headers, 'link')) {
    for (const match of header.matchAll(/<([^>]*)>((?:\s*;\s*[^;,<]*)*)/g)) {
      const [, target = '', params = ''] = match;
      const rel = /(?:^|;)\s*rel\s*=\s*(?:"([^"]*)"|([^\s;,"]+))/i.exec(params);
      const rels = (rel?.[1] ?? rel?.[2] ?? '').toLowerCase().split(/\s+/);
      if (!rels.includes('deprecation') && !rels.includes('sunset')) continue;
      const url = URL.parse(target.trim());
      if (url?.protocol !== 'https:' && url?.protocol !== 'http:') continue;
      url.username = '';
      url.password = '';
      if (url.href.length <= MAX_LINK_CHARS && !found.includes(url.href)) found.push(url.href);
    }
  }
  return found;
}

export function readSunsetHeaders(headers: HeaderValues): SunsetInfo | undefined {
  const first = <T>(name: string, read: (text: string) => T | undefined): T | undefined =>
    values(headers, name)
      .map((text) => read(text.trim()))
      .find((v) => v !== undefined);
  const deprecation = first('deprecation', deprecationValue);
  const sunset = first('sunset', httpDate);
  if (deprecation === undefined && sunset === undefined) return undefined;
  return { ...definedOnly({ deprecation, sunset }), links: sunsetLinks(headers) };
}

// Made on first use, not on import: the first formatter loads the locale data, 10 ms or more of a start.
let day: Intl.DateTimeFormat | undefined;

/** `1 February 2027` (UTC), with the time when it is not midnight. */
function plainDate(date: Date): string {
  day ??= new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' });
  const time = date.toISOString().slice(11, 16);
  return time === '00:00' ? day.format(date) : `${day.format(date)}, ${time} UTC`;
}

/** What replaces a call (method, path below the base address), when it is known. */
export type Replacement = (method: string, path: string) => string | undefined;

/** The replacements of the calls the service announced it removes (docs/sunset.md), in the API's own words. */
export const v2Replacement: Replacement = (method, path) => {
  if (method !== 'POST') return undefined;
  const bare = path.replace(/\?.*$/, '');
  if (/^\/project\/[^/]+\/[^/]+\/[^/]+(\/tree\/[^/]+|\/build)?$/.test(bare))
    return 'a pipeline trigger of API v2 (POST /api/v2/project/{slug}/pipeline/run)';
  if (/\/\d+\/(retry|ssh)$/.test(bare))
    return 'a workflow rerun of API v2 (POST /api/v2/workflow/{id}/rerun)';
  return undefined;
};

/** A call the service has removed: it answered 410 Gone. Nothing was done, so it is never retried. */
export class GoneError extends ApiError {
  override name = 'GoneError';
}

/** One step's notices: the first announcement is a warning, every later one a debug line (a step polls). */
export class SunsetNotices {
  readonly #replacement: Replacement;
  #warned = false;

  constructor({ replacement = v2Replacement }: { replacement?: Replacement } = {}) {
    this.#replacement = replacement;
  }

  /** Every API answer passes here: says what its headers announce, and for a 410 returns how to make its error. */
  heard(
    method: string,
    path: string,
    status: number,
    headers: HeaderValues,
    log: (level: 'debug' | 'warning', message: string) => void,
  ): ((serverMessage: string, attempts: number) => GoneError) | undefined {
    const info = readSunsetHeaders(headers);
    const replacement = this.#replacement(method, path);
    if (status === 410) {
      const when = info?.sunset === undefined ? '' : ` on ${plainDate(info.sunset)}`;
      const instead = replacement === undefined ? '' : `; instead: ${replacement}`;
      return (serverMessage, attempts) => {
        const error = new GoneError(410, method, path, serverMessage, attempts);
        const said = serverMessage ? ` (the service says: ${serverMessage})` : '';
        error.message = `${method} ${path}: the service has removed this call${when} (HTTP 410 Gone)${instead}${said}`;
        return error;
      };
    }
    if (info === undefined) return undefined;
    log(this.#warned ? 'debug' : 'warning', describeNotice(method, path, info, replacement));
    this.#warned = true;
    return undefined;
  }
}

/** The warning: the call, what it announces in plain words, the replacement and the page. */
export function describeNotice(
  method: string,
  path: string,
  info: SunsetInfo,
  replacement: string | undefined,
  now = Date.now(),
): string {
  const call = `${method} ${path}`;
  const { deprecation, sunset } = info;
  const since = deprecation instanceof Date ? ` since ${plainDate(deprecation)}` : '';
  const parts = deprecation === undefined ? [] : [`the service has deprecated ${call}${since}`];
  if (sunset !== undefined) {
    // A date gone by while the call still answers: the removal is due, not done.
    const past = sunset.getTime() <= now;
    const verb = past ? 'was to remove' : 'removes';
    const subject = parts.length === 0 ? `the service ${verb} ${call}` : `it ${verb} the call`;
    const then = past ? 'may answer 410 Gone at any time now' : 'from then on answers 410 Gone';
    parts.push(`${subject} on ${plainDate(sunset)}, and ${then}`);
  }
  const text = parts.join('; ');
  const instead = replacement === undefined ? '' : `. Instead: ${replacement}`;
  const see = info.links.length > 0 ? `. See ${info.links.join(' and ')}` : '';
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}${instead}${see}.`;
}
