// Plain helpers over values that every room uses: no room's knowledge in them.
/** The object less its undefined values, for optional fields that must be left out rather than set to undefined. */
export function definedOnly<T extends object>(
  values: T | undefined,
): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(values ?? {}).filter(([, v]) => v !== undefined)) as never;
}

/** A string with something in it, else undefined. */
export function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Whether a commit hash begins with a prefix of it; hashes are hex, which the service writes in lower case. */
export function isOfCommit(hash: unknown, prefix: string): boolean {
  return typeof hash === 'string' && hash.toLowerCase().startsWith(prefix.toLowerCase());
}
