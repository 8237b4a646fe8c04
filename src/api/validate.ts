// Checks made before anything is sent. Each takes the name the caller knows the value by (an action names its
// input, the core names its argument), so the message always points at what the person wrote.
import { ValidationError } from './errors.ts';
import {
  ARTIFACT_STATUS_FILTERS,
  BUILD_STATUS_FILTERS,
  CHECKOUT_KEY_TYPES,
  HTTP_VERBS,
  VCS_TYPES,
} from './records.ts';

export const MAX_PAGE_SIZE = 100;

function refuse(name: string, allowed: string, value?: string, detail?: string): never {
  throw new ValidationError(name, allowed, value, detail);
}

export function oneOf<T extends string>(name: string, value: string, values: readonly T[]): T {
  if ((values as readonly string[]).includes(value)) return value as T;
  return refuse(name, `allowed: ${values.map((v) => `'${v}'`).join(', ')}`, value);
}

export const checkVerb = (name: string, value: string) => oneOf(name, value, HTTP_VERBS);
export const checkVcsType = (name: string, value: string) => oneOf(name, value, VCS_TYPES);
export const checkKeyType = (name: string, value: string) => oneOf(name, value, CHECKOUT_KEY_TYPES);
export const checkBuildStatusFilter = (name: string, value: string) =>
  oneOf(name, value, BUILD_STATUS_FILTERS);
export const checkArtifactStatusFilter = (name: string, value: string) =>
  oneOf(name, value, ARTIFACT_STATUS_FILTERS);

/** A whole number in [min, max], given as a number or as decimal text. */
export function checkInteger(
  name: string,
  value: number | string,
  min: number,
  max = Number.MAX_SAFE_INTEGER,
): number {
  const text = String(value).trim();
  const n = typeof value === 'number' ? value : /^[+-]?\d+$/.test(text) ? Number(text) : Number.NaN;
  if (Number.isSafeInteger(n) && n >= min && n <= max) return n;
  const range = max === Number.MAX_SAFE_INTEGER ? `≥ ${min}` : `from ${min} to ${max}`;
  return refuse(name, `allowed: a whole number ${range}`, text);
}

export const checkBuildNum = (name: string, value: number | string) => checkInteger(name, value, 1);
export const checkParallel = checkBuildNum;
export const checkLimit = (name: string, value: number | string) =>
  checkInteger(name, value, 1, MAX_PAGE_SIZE);
export const checkOffset = (name: string, value: number | string) => checkInteger(name, value, 0);

/** A path segment, never `.` or `..`, which URL rules resolve (encoded or not) into another endpoint. */
export function checkSegment(name: string, value: string, what = 'a non-empty name'): string {
  if (value.length === 0 || value.trim() !== value || /\p{Cc}/u.test(value)) {
    refuse(name, `allowed: ${what} without leading/trailing spaces or control characters`, value);
  }
  if (value === '.' || value === '..') refuse(name, `allowed: ${what} other than '.' or '..'`, value);
  return value;
}

/** A pipeline's id on API v2: a UUID, as the service gives it. */
export function checkPipelineId(name: string, value: string): string {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/iu.test(value)) {
    refuse(name, "allowed: a pipeline's id, a UUID such as trigger-build's pipeline-id", value);
  }
  return value.toLowerCase();
}

/** A user, organization or repository name: one path segment. */
export function checkName(name: string, value: string): string {
  checkSegment(name, value);
  if (value.includes('/')) refuse(name, 'allowed: a single name without "/"', value);
  return value;
}

export function checkEnvName(name: string, value: string): string {
  if (!/^[A-Za-z_]\w*$/u.test(value)) refuse(name, 'allowed: a name matching [A-Za-z_][A-Za-z0-9_]*', value);
  return value;
}

/** Build parameters travel as `build_parameters`: names to strings, numbers or booleans. */
export type BuildParams = Record<string, string | number | boolean>;

export function checkParams(name: string, value: unknown): BuildParams {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    refuse(name, 'allowed: an object of names to strings, numbers or booleans');
  }
  // No prototype: a parameter named `__proto__` is refused, never a way to replace the object's prototype.
  const out = Object.create(null) as BuildParams;
  for (const [key, v] of Object.entries(value)) {
    checkEnvName(`${name} name`, key);
    if (key === '__proto__') {
      const allowed =
        'allowed: names other than __proto__, which JSON readers take for an object’s prototype';
      refuse(name, allowed, undefined, 'a parameter is named __proto__');
    }
    if (typeof v !== 'string' && typeof v !== 'boolean' && !(typeof v === 'number' && Number.isFinite(v))) {
      const type = v === null ? 'null' : Array.isArray(v) ? 'an array' : typeof v;
      const detail = `the value of ${JSON.stringify(key)} is ${type}`;
      refuse(name, 'allowed: values that are strings, numbers or booleans', undefined, detail);
    }
    out[key] = v;
  }
  return out;
}

/** The member names of JSON text JSON.parse accepted, duplicates included, which JSON.parse drops silently. */
export function jsonObjectKeys(text: string): string[] {
  const keys: string[] = [];
  let depth = 0;
  for (const [token] of text.matchAll(/"(?:[^"\\]|\\.)*"\s*:?|[{}[\]]/gu)) {
    if (token === '{' || token === '[') depth++;
    else if (token === '}' || token === ']') depth--;
    // A string is a member's name when a colon follows it, at the object's own level.
    else if (depth === 1 && token.endsWith(':')) keys.push(JSON.parse(token.slice(0, -1)));
  }
  return keys;
}

/** A trigger names a revision or a tag, not both (docs/wire.md). */
export function checkRevisionOrTag(
  revisionName: string,
  revision: string | undefined,
  tagName: string,
  tag: string | undefined,
): void {
  if (revision !== undefined && tag !== undefined) {
    refuse(
      `${revisionName}/${tagName}`,
      `give ${revisionName} or ${tagName}, not both`,
      undefined,
      'both are set',
    );
  }
}

/** A secret must be present; its value is never shown. */
export function checkSecret(name: string, value: string): string {
  if (value.length === 0) refuse(name, 'a value is required', undefined, 'missing');
  if (/[\r\n]/.test(value)) refuse(name, 'allowed: a single line', undefined, 'it contains a line break');
  return value;
}

/** The API's address: http(s), ending in /api/v1.1 (a trailing slash tolerated). Returns it without the slash. */
export function checkBaseUrl(name: string, value: string): string {
  const url = URL.parse(value);
  const allowed = 'allowed: an http(s) address ending in /api/v1.1';
  if (url === null) return refuse(name, allowed, value, `not a URL: ${JSON.stringify(value)}`);
  const trimmed = value.replace(/\/+$/, '');
  const credentials = url.username !== '' || url.password !== '';
  if (
    credentials ||
    !/^https?:$/.test(url.protocol) ||
    url.search ||
    url.hash ||
    !trimmed.endsWith('/api/v1.1')
  ) {
    // A URL with credentials in it is refused without echoing it.
    refuse(name, `${allowed}, without credentials, query or fragment`, credentials ? undefined : value);
  }
  return trimmed;
}
