// Apart from the reader and the member checks, so that a step without archives loads no archive library.
export type ArchiveKind = 'tar' | 'tar.gz' | 'zip';

/** The archive kind of a file name, and the name without its extension (the folder it unpacks into). */
export function archiveOf(name: string): { kind: ArchiveKind; stem: string } | undefined {
  const match = /^(.+)\.(tar\.gz|tgz|tar|zip)$/isu.exec(name);
  const ending = match?.[2]?.toLowerCase();
  if (match?.[1] === undefined || ending === undefined) return undefined;
  return { kind: ending === 'tgz' ? 'tar.gz' : (ending as ArchiveKind), stem: match[1] };
}
