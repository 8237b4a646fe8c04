import { checkLimit, checkOffset, MAX_PAGE_SIZE } from './validate.ts';

/**
 * Most items one walk yields: 100 pages of 100. A server whose pages never end (or a list far longer than any
 * one step should read) stops here with a warning, so time and memory stay bounded (docs/promises.md, promise 22).
 */
export const MAX_PAGINATED_ITEMS = 10_000;

export interface PaginateOptions<T> {
  /** The page size (default the largest the API allows). */
  limit?: number;
  /** Where to start. */
  offset?: number;
  /** What tells items apart (a build's number): a page of nothing new means the server is going round. */
  key?: (item: T) => unknown;
  /** Told why the walk stopped early; the items so far are still yielded. */
  warn?: (message: string) => void;
  /** MAX_PAGINATED_ITEMS by default. */
  maxItems?: number;
}

/**
 * Walks a `limit`/`offset` list to its end: page after page until one comes back shorter than asked. It stops
 * early, with a warning, when a page brings nothing not seen before (a server ignoring `offset` answers the same
 * page for ever) or at `maxItems`. An item seen on an earlier page is not yielded again: a build that arrives
 * between two requests shifts the list by one.
 */
export async function* paginate<T>(
  fetchPage: (limit: number, offset: number) => Promise<T[]>,
  options: PaginateOptions<T> = {},
): AsyncGenerator<T> {
  const limit = checkLimit('limit', options.limit ?? MAX_PAGE_SIZE);
  let offset = checkOffset('offset', options.offset ?? 0);
  const maxItems = options.maxItems ?? MAX_PAGINATED_ITEMS;
  const key = options.key ?? ((item: T) => item);
  const seen = new Set<unknown>();
  for (let pages = 1; ; pages++) {
    const page = await fetchPage(limit, offset);
    let fresh = 0;
    for (const item of page) {
      const id = key(item);
      if (seen.has(id)) continue;
      if (seen.size >= maxItems) {
        options.warn?.(
          `Stopped after ${maxItems} items (${pages} pages): the most one listing reads. ` +
            `Narrow it (a branch, a status filter) or page through it with limit and offset.`,
        );
        return;
      }
      seen.add(id);
      fresh++;
      yield item;
    }
    if (page.length < limit) return;
    if (fresh === 0) {
      options.warn?.(
        `Stopped at offset ${offset}: the server answered page ${pages} with items already seen, ` +
          `so the list would never end (does it ignore offset?)`,
      );
      return;
    }
    offset += page.length;
  }
}
