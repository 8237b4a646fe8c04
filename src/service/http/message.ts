// The server's own words from an error answer. Real front ends send JSON `{"message"}`, a `message` that is
// itself JSON text, proxy HTML pages, plain text (`Rate limited.`) or nothing at all (docs/wire.md, Answers).
import { cut } from '../../common/format.ts';

/** Longest message kept: enough for any real server message, short enough for one log line. */
const MAX_MESSAGE_CHARS = 300;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

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
  const html = type.includes('html') || /^<(!doctype|html|head|body|title|\?xml)/i.test(text);
  const fromJson = type.includes('json') || /^[{["]/.test(text) ? jsonMessage(text) : undefined;
  // Unescaping JSON or HTML may have put a secret together again.
  return cut(redact(collapse(redact(fromJson ?? (html ? htmlMessage(text) : text)))), MAX_MESSAGE_CHARS);
}

/** Replaces every secret with `***`, longest first (so a secret that contains another goes whole), in the forms a
 *  server may echo it: as is, JSON-escaped, URL-encoded, and with its white space collapsed. */
export function redactor(secrets: readonly string[]): (text: string) => string {
  const forms = new Set(
    secrets.flatMap((s) => [s, JSON.stringify(s).slice(1, -1), encodeURIComponent(s), collapse(s)]),
  );
  forms.delete('');
  const longestFirst = [...forms].sort((a, b) => b.length - a.length);
  return (text) => longestFirst.reduce((out, form) => out.replaceAll(form, '***'), text);
}

/** Undefined when the text is not JSON. */
function jsonMessage(text: string, depth = 0): string | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  const record = Object(value) as Record<string, unknown>;
  const message = [value, record.message, record.error, record.error_description, record.detail].find(
    (field) => typeof field === 'string',
  );
  if (typeof message === 'string') {
    // A message that is itself JSON is unwrapped, a few levels at most: real servers nest once.
    const inner = depth < 4 && /^\s*[{"]/.test(message) ? jsonMessage(message.trim(), depth + 1) : undefined;
    return inner ?? message;
  }
  if (value === null || (typeof value === 'object' && Object.keys(value).length === 0)) return '';
  // JSON without a message field: its text is still the best account of what went wrong.
  return text;
}

/** The page's title, else its first text: block-level tags separate texts, and the first is usually a heading. */
function htmlMessage(html: string): string {
  const title = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(html)?.[1] ?? '';
  const shown = html.replace(
    /<!--[\s\S]*?-->|<(script|style|head)\b[\s\S]*?<\/\1\s*>|<!doctype[^>]*>/gi,
    ' ',
  );
  const blocks = shown.split(/<\/?(?:h[1-6]|p|div|br|li|tr|td|th|pre|body|html|center|hr)\b[^>]*>/i);
  for (const block of [title, ...blocks]) {
    const text = block
      .replace(/<[^>]*>/g, ' ')
      .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, entity: string) => {
        if (!entity.startsWith('#')) return ENTITIES[entity.toLowerCase()] ?? whole;
        const code = Number(entity.slice(1).replace(/^x/i, '0x'));
        return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
      })
      .trim();
    if (text !== '') return text;
  }
  return '';
}

/** One line without control characters or runs of white space. */
export function collapse(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\s]+/g, ' ').trim();
}
