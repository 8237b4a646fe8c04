// Checks made before anything is sent. Each takes the name the caller knows the value by (an action names its
// input, the core names its argument), so the message always points at what the person wrote.
import { ValidationError } from '../common/errors.ts';
import { ARTIFACT_STATUS_FILTERS, BUILD_STATUS_FILTERS, CHECKOUT_KEY_TYPES, VCS_TYPES } from './records.ts';
import { isUuid } from './v2-records.ts';

export const MAX_PAGE_SIZE = 100;

function refuse(name: string, allowed: string, value?: string, detail?: string): never {
  throw new ValidationError(name, allowed, value, detail);
}

export function oneOf<T extends string>(name: string, value: string, values: readonly T[]): T {
  if ((values as readonly string[]).includes(value)) return value as T;
  return refuse(name, `allowed: ${values.map((v) => `'${v}'`).join(', ')}`, value);
}

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
  if (value.length === 0 || value.trim() !== value || /\p{Cc}/u.test(value))
    refuse(name, `allowed: ${what} without leading/trailing spaces or control characters`, value);
  if (value === '.' || value === '..') refuse(name, `allowed: ${what} other than '.' or '..'`, value);
  return value;
}

export function checkPipelineId(name: string, value: string): string {
  if (!isUuid(value))
    refuse(name, "allowed: a pipeline's id, a UUID such as trigger-build's pipeline-id", value);
  return value.toLowerCase();
}

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
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    refuse(name, 'allowed: an object of names to strings, numbers or booleans');
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

/** The v2 trigger's limits on pipeline parameters, as the service's API v2 reference gives them; v1.1 has none. */
const PIPELINE_PARAM_LIMITS = { entries: 100, keyLength: 128, valueLength: 512 } as const;

/** Refused before anything is sent rather than by the service. */
export function checkPipelineParams(name: string, params: BuildParams): BuildParams {
  const { entries, keyLength, valueLength } = PIPELINE_PARAM_LIMITS;
  const over = (most: string, detail: string): never =>
    refuse(name, `allowed: ${most}, the most a pipeline (API v2) takes`, undefined, detail);
  const keys = Object.keys(params);
  if (keys.length > entries) over(`at most ${entries} parameters`, `${keys.length} parameters are given`);
  for (const key of keys) {
    // Characters, as the reference counts them: a letter outside the BMP is one, not two UTF-16 units.
    const [keyChars, length] = [[...key].length, [...String(params[key])].length];
    const shown = JSON.stringify(`${key.slice(0, 40)}…`);
    if (keyChars > keyLength) over(`names of at most ${keyLength} characters`, `${shown} has ${keyChars}`);
    const value = `the value of ${JSON.stringify(key)} has ${length} characters`;
    if (length > valueLength) over(`values of at most ${valueLength} characters`, value);
  }
  return params;
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
  const allowed = `give ${revisionName} or ${tagName}, not both`;
  if (revision !== undefined && tag !== undefined)
    refuse(`${revisionName}/${tagName}`, allowed, undefined, 'both are set');
}

/** A secret must be present; its value is never shown. */
export function checkSecret(name: string, value: string): string {
  if (value.length === 0) refuse(name, 'a value is required', undefined, 'missing');
  if (/[\r\n]/.test(value)) refuse(name, 'allowed: a single line', undefined, 'it contains a line break');
  return value;
}

const BASE_URL_FORMS =
  "allowed: an http(s) address without credentials, query or fragment: the service's root " +
  "(https://ci.example.com), a self-hosted installation's root with its path prefix if it has one " +
  '(https://ci.internal/ci), or either ending in /api/v1.1 or /api/v2';

/**
 * The API's address, in any of the forms BASE_URL_FORMS names (a trailing slash tolerated), as the v1.1 base,
 * `<root>/api/v1.1`: the transport puts v2 calls below `<root>/api/v2` (docs/v2.md).
 */
export function checkBaseUrl(name: string, value: string): string {
  const url = URL.parse(value);
  if (url === null) return refuse(name, BASE_URL_FORMS, value, `not a URL: ${JSON.stringify(value)}`);
  const credentials = url.username !== '' || url.password !== '';
  // A URL with credentials in it is refused without echoing it.
  const shown = credentials ? undefined : value;
  if (credentials || !/^https?:$/.test(url.protocol) || url.search || url.hash)
    refuse(name, BASE_URL_FORMS, shown);
  const path = url.pathname.replace(/\/+$/u, '');
  const version = /\/api(?:\/([^/]*))?$/u.exec(path);
  // `/api` alone or with a version the service has not (`/api/v3`) is a mistake, not a path prefix: sending
  // below it would only give 404s.
  if (version !== null && version[1] !== 'v1.1' && version[1] !== 'v2')
    refuse(name, BASE_URL_FORMS, shown, `${JSON.stringify(value)} names no API version the service has`);
  const root = version === null ? path : path.slice(0, version.index);
  return `${url.origin}${root}/api/v1.1`;
}
