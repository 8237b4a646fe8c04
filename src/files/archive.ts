// The rules an archive's members pass before anything of it is written; apart from reader.ts, so that a step
// without archives loads no archive library.
import { quoted } from '../common/format.ts';
import { foldedName, pathProblem } from './names.ts';

export type ArchiveKind = 'tar' | 'tar.gz' | 'zip';

/** The archive kind of a file name, and the name without its extension (the folder it unpacks into). */
export function archiveOf(name: string): { kind: ArchiveKind; stem: string } | undefined {
  const match = /^(.+)\.(tar\.gz|tgz|tar|zip)$/isu.exec(name);
  const ending = match?.[2]?.toLowerCase();
  if (match?.[1] === undefined || ending === undefined) return undefined;
  return { kind: ending === 'tgz' ? 'tar.gz' : (ending as ArchiveKind), stem: match[1] };
}

export interface Member {
  /** `/`-separated, as the reader gives it. */
  name: string;
  type: 'file' | 'folder' | 'symlink' | 'hardlink' | 'device' | 'other';
  /** The size the archive declares: trusted for nothing but refusing early. */
  size: number;
  /** Any execute bit in the member's mode: the file is written 0755, else 0644 (less the umask). */
  executable: boolean;
}

export class UnsafeArchiveError extends Error {
  override name = 'UnsafeArchiveError';
}

/** A member's segments below the unpack folder. */
export function memberSegments(member: Member): string[] {
  return member.name.split(/[/\\]/u).filter((s) => s !== '' && s !== '.');
}

/** Refuses the archive at a member that is not a plain file or folder, breaks the path rules, or merges with another. */
export function checkMembers(members: readonly Member[]): void {
  const files = new Map<string, string>();
  const folders = new Map<string, string>();
  for (const member of members) {
    const problem = memberProblem(member);
    if (problem !== undefined) throw new UnsafeArchiveError(`member ${quoted(member.name)} ${problem}`);
    const segments = memberSegments(member);
    const keys = segments.map((_, n) => foldedName(segments.slice(0, n + 1).join('/')));
    const own = keys.at(-1) ?? '';
    for (const key of member.type === 'folder' ? keys : keys.slice(0, -1)) {
      const file = files.get(key);
      if (file !== undefined) throw clash(file, member.name);
      if (!folders.has(key)) folders.set(key, member.name);
    }
    if (member.type !== 'file') continue;
    const other = files.get(own) ?? folders.get(own);
    if (other !== undefined) throw clash(other, member.name);
    files.set(own, member.name);
  }
}

function clash(first: string, second: string): UnsafeArchiveError {
  return new UnsafeArchiveError(
    first === second
      ? `member ${quoted(first)} is in it twice, and one would replace the other`
      : `members ${quoted(first)} and ${quoted(second)} would be one file or folder on a disk that ignores ` +
          'case or Unicode form (Windows, macOS), and one would replace the other',
  );
}

function memberProblem(member: Member): string | undefined {
  if (member.type !== 'file' && member.type !== 'folder')
    return `is a ${member.type}, not a plain file or folder`;
  const name = member.name;
  // Names are printed in warnings; the runner would obey these anywhere in a line.
  if (name.includes('::') || name.includes('##[')) return 'looks like a workflow command';
  if (/^[/\\]|^[A-Za-z]:(?:[/\\]|$)/u.test(name)) return 'is an absolute path';
  const segments = memberSegments(member);
  if (segments.length === 0) return 'has no name';
  return pathProblem(segments);
}
