// The shapes fetch-artifacts' modules share, apart from the module that runs the action, so that none of them
// imports it back.
import type { Glob } from '../../api/glob.ts';
import type { PlannedFile } from '../../api/paths.ts';
import type { ArtifactStatusFilter } from '../../api/records.ts';
import type { ArchiveKind } from './archive.ts';

export const IF_NO_ARTIFACTS = ['warn', 'error', 'ignore'] as const;
export type IfNoArtifacts = (typeof IF_NO_ARTIFACTS)[number];

export interface FetchInputs {
  /** A build number, or undefined for the latest matching build. */
  buildNum: number | undefined;
  branch: string | undefined;
  statusFilter: ArtifactStatusFilter;
  /** Absolute; created if missing. */
  destination: string;
  globs: Glob[];
  fileName: string | undefined;
  flatten: boolean;
  ifNoArtifacts: IfNoArtifacts;
  concurrency: number;
  /** Lower-case hex prefix of a commit, with `latest`. */
  revision: string | undefined;
  job: string | undefined;
  overwrite: boolean;
  extract: boolean;
  /** With `latest`: the newest matching build that has an artifact matching `pattern`. */
  searchArtifacts: boolean;
  /** The most one archive may unpack to, in bytes, counted as written. */
  extractMaxBytes: number;
  /** With `latest`: builds of pull requests (perhaps forks') count too. */
  allowForks: boolean;
}

/** A planned file's final path, and the folder an archive unpacks into (segments below the destination). */
export interface Checked {
  file: PlannedFile;
  extractInto: { kind: ArchiveKind; target: string[] } | undefined;
}
