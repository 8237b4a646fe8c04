// How the API core and the actions write URLs, sizes and spans of time in messages: one place, one wording.

/** A URL for messages: origin and path alone, since signed URLs carry credentials in the rest. */
export function displayUrl(url: string | URL): string {
  const parsed = typeof url === 'string' ? URL.parse(url) : url;
  if (parsed === null) return '(an unreadable URL)';
  return `${parsed.origin}${parsed.pathname.replace(/;[^/]*/gu, '')}`;
}

/** Shorter values are no credential, and redacting them would blank out ordinary words and numbers. */
const MIN_URL_SECRET_LENGTH = 4;

/** The values of a URL's query and path parameters, which a server echoing the request must not print. */
export function urlSecrets(url: URL): string[] {
  const values: string[] = [];
  for (const [, value] of url.searchParams) values.push(value);
  for (const raw of url.search.slice(1).split('&')) values.push(raw.slice(raw.indexOf('=') + 1));
  for (const param of url.pathname.match(/;[^/;]*/gu) ?? []) {
    const raw = param.slice(param.indexOf('=') + 1);
    values.push(raw);
    try {
      values.push(decodeURIComponent(raw));
    } catch {
      // Kept as sent.
    }
  }
  return [...new Set(values.filter((value) => value.length >= MIN_URL_SECRET_LENGTH))];
}

/** Cuts text to `max` characters (whole code points), saying so with an ellipsis. */
export function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  const points = Array.from(text);
  return points.length <= max ? text : `${points.slice(0, Math.max(0, max - 1)).join('')}…`;
}

/** `1 file`, `2 files`: the count and its noun. */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** `512 B`, `1.50 KiB`, `12.3 MiB`. */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return unit === 0 ? `${bytes} B` : `${value.toFixed(value < 10 ? 2 : 1)} ${units[unit]}`;
}

/** A limit as it was set: `10 GiB`, `64 MiB`, `1 KiB`; other sizes as formatBytes says them. */
export function formatLimit(bytes: number): string {
  for (const [unit, size] of [
    ['GiB', 1024 ** 3],
    ['MiB', 1024 ** 2],
    ['KiB', 1024],
  ] as const) {
    if (bytes >= size && bytes % size === 0) return `${bytes / size} ${unit}`;
  }
  return formatBytes(bytes);
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
  const units: [number, string][] = [
    [365.25 * 86_400, 'years'],
    [86_400, 'days'],
    [3_600, 'h'],
    [60, 'min'],
  ];
  const [size, unit] = units.find(([size]) => s >= 2 * size) ?? [1, 's'];
  return `${Math.round((s / size) * 10) / 10} ${unit}`;
}

/** The first line of a header that may come as several. */
export function firstHeader(value: string | readonly string[] | undefined): string | undefined {
  return typeof value === 'string' || value === undefined ? value : value[0];
}

/** Text as a JSON string, cut to `max` characters: a name from a server shown whole, escapes and all. */
export function quoted(text: string, max = 120): string {
  const json = JSON.stringify(text);
  return json.length > max ? `${json.slice(0, max - 2)}…"` : json;
}
