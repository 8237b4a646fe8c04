// What every v2 route shares: a request body that must be a JSON object, and lists served a page at a time.
import { HttpError, jsonReply, type Reply } from './http.ts';
import type { ApiRequest } from './routes.ts';

/** Items per page of a v2 list. */
const V2_PAGE_SIZE = 20;

type Params = Record<string, string>;

export function objectBody(request: ApiRequest): Record<string, unknown> {
  if (request.bodyNotJson) throw new HttpError(400, 'the request body is not valid JSON');
  const body = request.body ?? {};
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new HttpError(400, 'the request body must be a JSON object');
  return body as Record<string, unknown>;
}

/** One page of a list, by the `page-token` query. */
export function paged(items: unknown[], query: Params): Reply {
  const token = query['page-token'];
  let offset = 0;
  if (token !== undefined) {
    offset = Number(Buffer.from(token, 'base64url').toString('utf8'));
    if (!Number.isInteger(offset) || offset < 0) throw new HttpError(400, 'invalid page-token');
  }
  const end = offset + V2_PAGE_SIZE;
  return jsonReply(200, {
    items: items.slice(offset, end),
    next_page_token: end < items.length ? Buffer.from(String(end)).toString('base64url') : null,
  });
}
