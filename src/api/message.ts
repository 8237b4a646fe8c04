// The server's own words from an error answer. Real front ends send JSON `{"message"}`, a `message` that is
// itself JSON text, proxy HTML pages, plain text (`Rate limited.`) or nothing at all (docs/wire.md, Answers).
import { cut } from './format.ts';

/** Longest message kept: enough for any real server message, short enough for one log line. */
const MAX_MESSAGE_CHARS = 300;

/** How deep a `message` that is itself JSON is unwrapped; real servers nest once. */
const MAX_JSON_DEPTH = 4;

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

/** The server's message from an error body, on one line; secrets go before any reflow or cut, which would hide
 *  them from the redaction (docs/promises.md, promise 13). */
export function serverMessage(
  body: string,
  contentType: string | undefined,
  secrets: readonly string[] = [],
): string {
  const redact = redactor(secrets);
  const text = redact(body.replace(/^\uFEFF/, '')).trim();
  if (text === '') return '';
  const type = (contentType ?? '').toLowerCase();
  const fromJson = type.includes('json') || /^[{["]/.test(text) ? jsonMessage(text, 0) : undefined;
  const message =
    fromJson ??
    (type.includes('html') || /^<(!doctype|html|head|body|title|\?xml)/i.test(text)
      ? htmlMessage(text)
      : text);
  // Unescaping JSON or HTML may have put a secret together again.
  return cut(redact(collapse(redact(message))), MAX_MESSAGE_CHARS);
}

/**
 * Replaces every secret with `***`, longest first (so a secret that contains another goes whole), in the forms a
 * server may echo it: as is, JSON-escaped, URL-encoded, and with its white space collapsed.
 */
export function redactor(secrets: readonly string[]): (text: string) => string {
  const forms = new Set<string>();
  for (const secret of secrets) {
    if (secret === '') continue;
    forms.add(secret);
    forms.add(JSON.stringify(secret).slice(1, -1));
    forms.add(encodeURIComponent(secret));
    forms.add(collapse(secret));
  }
  forms.delete('');
  const longestFirst = [...forms].sort((a, b) => b.length - a.length);
  return (text) => {
    let out = text;
    for (const form of longestFirst) out = out.replaceAll(form, '***');
    return out;
  };
}

/** The message inside JSON text, or undefined when the text is not JSON. */
function jsonMessage(text: string, depth: number): string | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof value === 'string') return innerMessage(value, depth);
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const record = value as Record<string, unknown>;
    for (const key of ['message', 'error', 'error_description', 'detail']) {
      const field = record[key];
      if (typeof field === 'string') return innerMessage(field, depth);
    }
  }
  if (value === null || (typeof value === 'object' && Object.keys(value).length === 0)) return '';
  // JSON without a message field: its text is still the best account of what went wrong.
  return text;
}

function innerMessage(message: string, depth: number): string {
  const trimmed = message.trim();
  if (depth < MAX_JSON_DEPTH && /^[{"]/.test(trimmed)) {
    const inner = jsonMessage(trimmed, depth + 1);
    if (inner !== undefined) return inner;
  }
  return message;
}

function htmlMessage(html: string): string {
  const title = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(html)?.[1];
  if (title !== undefined) {
    const text = decodeEntities(stripTags(title)).trim();
    if (text !== '') return text;
  }
  const withoutHidden = html
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<(script|style|head)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<!doctype[^>]*>/gi, ' ');
  // Block-level tags separate texts; the first non-empty one is usually the page's heading.
  const blocks = withoutHidden.split(/<\/?(?:h[1-6]|p|div|br|li|tr|td|th|pre|body|html|center|hr)\b[^>]*>/i);
  for (const block of blocks) {
    const text = decodeEntities(stripTags(block)).trim();
    if (text !== '') return text;
  }
  return '';
}

function stripTags(html: string): string {
  return html.replace(/<[^>]*>/g, ' ');
}

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, entity: string) => {
    if (entity.startsWith('#')) {
      const code =
        entity[1] === 'x' || entity[1] === 'X' ? parseInt(entity.slice(2), 16) : Number(entity.slice(1));
      return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[entity.toLowerCase()] ?? whole;
  });
}

/** One line without control characters. */
function collapse(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\s]+/g, ' ').trim();
}
