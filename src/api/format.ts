// How the API core and the actions write URLs, sizes and spans of time in messages: one place, one wording.

/**
 * A URL for messages and the log: no user, no password, no query, no fragment, and no path parameters
 * (`;name=value`): signed storage URLs carry their credentials in either.
 */
export function displayUrl(url: string | URL): string {
  let parsed: URL;
  try {
    parsed = typeof url === 'string' ? new URL(url) : url;
  } catch {
    return '(an unreadable URL)';
  }
  return `${parsed.origin}${parsed.pathname.replace(/;[^/]*/gu, '')}`;
}

/** Shorter values are no credential, and redacting them would blank out ordinary words and numbers. */
const MIN_URL_SECRET_LENGTH = 4;

/**
 * The values a URL's query and path parameters carry, as sent and decoded: a server that echoes the request in
 * its error body must not print them (a signed URL's signature, expiry and key name).
 */
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
