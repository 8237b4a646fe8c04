import { checkLimit, checkOffset, MAX_PAGE_SIZE } from './validate.ts';

/** Most items one walk yields, so that time and memory stay bounded (docs/promises.md, promise 22). */
export const MAX_PAGINATED_ITEMS = 10_000;

interface PaginateOptions<T> {
  limit?: number;
  offset?: number;
  /** What tells items apart (a build's number): a page of nothing new means the server is going round. */
  key?: (item: T) => unknown;
  /** Told why the walk stopped early. */
  warn?: (message: string) => void;
}

/** The items of a page not seen before, marked seen now: a new item shifts a newest-first list. */
export function unseen<T>(page: readonly T[], seen: Set<unknown>, key: (item: T) => unknown): T[] {
  return page.filter((item) => !seen.has(key(item)) && seen.add(key(item)));
}

/**
 * Walks a `limit`/`offset` list until a page comes back shorter than asked, or (with a warning) one brings nothing
 * new or the walk reaches its bound; an item seen before is not yielded again, as a new build shifts the list.
 */
export async function* paginate<T>(
  fetchPage: (limit: number, offset: number) => Promise<T[]>,
  options: PaginateOptions<T> = {},
): AsyncGenerator<T> {
  const limit = checkLimit('limit', options.limit ?? MAX_PAGE_SIZE);
  let offset = checkOffset('offset', options.offset ?? 0);
  const key = options.key ?? ((item: T) => item);
  const seen = new Set<unknown>();
  let yielded = 0;
  for (let pages = 1; ; pages++) {
    const page = await fetchPage(limit, offset);
    const fresh = unseen(page, seen, key);
    for (const item of fresh) {
      if (yielded++ >= MAX_PAGINATED_ITEMS) {
        options.warn?.(
          `Stopped after ${MAX_PAGINATED_ITEMS} items (${pages} pages): the most one listing reads. ` +
            `Narrow it (a branch, a status filter) or page through it with limit and offset.`,
        );
        return;
      }
      yield item;
    }
    if (page.length < limit) return;
    if (fresh.length === 0) {
      options.warn?.(
        `Stopped at offset ${offset}: the server answered page ${pages} with items already seen, ` +
          `so the list would never end (does it ignore offset?)`,
      );
      return;
    }
    offset += page.length;
  }
}
