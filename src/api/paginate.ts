import { checkLimit, checkOffset, MAX_PAGE_SIZE } from './validate.ts';

/**
 * Walks a `limit`/`offset` list to its end: page after page until one comes back shorter than asked.
 * `limit` here is the page size (default the largest the API allows); `offset` where to start.
 */
export async function* paginate<T>(
  fetchPage: (limit: number, offset: number) => Promise<T[]>,
  options: { limit?: number; offset?: number } = {},
): AsyncGenerator<T> {
  const limit = checkLimit('limit', options.limit ?? MAX_PAGE_SIZE);
  let offset = checkOffset('offset', options.offset ?? 0);
  for (;;) {
    const page = await fetchPage(limit, offset);
    yield* page;
    if (page.length < limit) return;
    offset += page.length;
  }
}
