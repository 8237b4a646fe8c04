// URLs, sizes and spans of time in messages: one place, one wording.
import { unescape } from 'node:querystring';

/** A URL for messages: origin and path alone, since signed URLs carry credentials in the rest. */
export function displayUrl(url: string | URL): string {
  const parsed = typeof url === 'string' ? URL.parse(url) : url;
  if (parsed === null) return '(an unreadable URL)';
  return `${parsed.origin}${parsed.pathname.replace(/;[^/]*/gu, '')}`;
}

/** The values of a URL's query and path parameters, which a server echoing the request must not print. */
export function urlSecrets(url: URL): string[] {
  const valueOf = (param: string): string => param.slice(param.indexOf('=') + 1);
  const pathValues = (url.pathname.match(/;[^/;]*/gu) ?? []).map(valueOf);
  const values = [
    ...url.searchParams.values(),
    ...url.search.slice(1).split('&').map(valueOf),
    ...pathValues.flatMap((value) => [value, unescape(value)]),
  ];
  // Shorter values are no credential, and redacting them would blank out ordinary words and numbers.
  return [...new Set(values.filter((value) => value.length >= 4))];
}

/** Cuts text to `max` characters (whole code points), saying so with an ellipsis. */
export function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  const points = Array.from(text);
  return points.length <= max ? text : `${points.slice(0, Math.max(0, max - 1)).join('')}…`;
}

export const MAX_NOTES = 20;

/** Says the first MAX_NOTES items, each as `line` words it, and then how many more there were. */
export function sayFirst<T>(
  say: (line: string) => void,
  items: readonly T[],
  line: (item: T) => string,
  more: (n: number) => string,
): void {
  for (const item of items.slice(0, MAX_NOTES)) say(line(item));
  if (items.length > MAX_NOTES) say(more(items.length - MAX_NOTES));
}

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

const BYTE_UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];

/** `512 B`, `1.50 KiB`, `12.3 MiB`. */
export function formatBytes(bytes: number): string {
  const unit = Math.min(Math.floor(Math.log(Math.max(bytes, 1)) / Math.log(1024)), BYTE_UNITS.length - 1);
  const value = bytes / 1024 ** unit;
  return unit === 0 ? `${bytes} B` : `${value.toFixed(value < 10 ? 2 : 1)} ${BYTE_UNITS[unit]}`;
}

/** A limit as it was set: `10 GiB`, `1 KiB`; other sizes as formatBytes says them. */
export function formatLimit(bytes: number): string {
  const unit = [3, 2, 1].find((u) => bytes >= 1024 ** u && bytes % 1024 ** u === 0);
  return unit === undefined ? formatBytes(bytes) : `${bytes / 1024 ** unit} ${BYTE_UNITS[unit]}`;
}

/** A record's span: its own milliseconds, else from its start to its end time; undefined when it says neither. */
export function elapsedMs(millis: unknown, start: unknown, end: unknown): number | undefined {
  if (typeof millis === 'number' && Number.isFinite(millis) && millis > 0) return millis;
  const span = Date.parse(String(end)) - Date.parse(String(start));
  return span >= 0 ? span : undefined;
}

/** `4 s`, `2 min 5 s`, `1 h 3 min`. */
export function formatDuration(ms: number): string {
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min${s % 60 ? ` ${s % 60} s` : ''}`;
  return `${Math.floor(m / 60)} h${m % 60 ? ` ${m % 60} min` : ''}`;
}

/** With a tenth of a second below ten seconds (`1.5 s`, never `0 s`), else as formatDuration. */
export function shortDuration(ms: number): string {
  return ms < 10_000 ? `${Math.round(ms / 100) / 10} s` : formatDuration(ms);
}

/** A span in the largest unit it holds twice: `10 min`, `31.7 years`. */
export function roughly(ms: number): string {
  const s = ms / 1000;
  const units = [
    [365.25 * 86_400, 'years'],
    [86_400, 'days'],
    [3_600, 'h'],
    [60, 'min'],
  ] as const;
  const [size, unit] = units.find(([size]) => s >= 2 * size) ?? [1, 's'];
  return `${Math.round((s / size) * 10) / 10} ${unit}`;
}

export function firstHeader(value: string | readonly string[] | undefined): string | undefined {
  return typeof value === 'string' || value === undefined ? value : value[0];
}

/** Text as a JSON string, cut to `max` characters: a name from a server shown whole, escapes and all. */
export function quoted(text: string, max = 120): string {
  const json = JSON.stringify(text);
  return json.length > max ? `${json.slice(0, max - 2)}…"` : json;
}
