// The one module that talks to the runner (through @actions/core). Everything else receives an `Io`, so the
// logic can be driven by a recording Io in tests and never reaches for globals.
import { randomBytes } from 'node:crypto';
import * as core from '@actions/core';

export type Summary = typeof core.summary;
export type AnnotationProperties = core.AnnotationProperties;
type Annotate = (message: string, properties?: AnnotationProperties) => void;

export interface Io
  extends
    Pick<typeof core, 'getInput' | 'setOutput' | 'setSecret' | 'debug' | 'info' | 'summary'>,
    Pick<typeof core, 'startGroup' | 'endGroup' | 'isDebug'> {
  warning: Annotate;
  error: Annotate;
  notice: Annotate;
  /** Writes the one `::error::` line and sets the exit code to 1. */
  setFailed(message: string): void;
  /** Prints untrusted lines inside a stop-commands fence whose fresh random token the text cannot guess. */
  untrusted(lines: readonly string[]): void;
}

export const coreIo: Io = { ...core, untrusted: (lines) => printFenced(core.info, lines) };

export function printFenced(info: (line: string) => void, lines: readonly string[]): void {
  if (lines.length === 0) return;
  const token = randomBytes(16).toString('hex');
  info(`::stop-commands::${token}`);
  for (const line of lines) info(line);
  info(`::${token}::`);
}

// Runs `work` inside a log group, ended however it ends: GitHub does not nest groups, so whatever follows (a failure
// report's own groups, the error line) stays outside it.
export async function inGroup<T>(io: Io, title: string, work: () => Promise<T>): Promise<T> {
  io.startGroup(title);
  try {
    return await work();
  } finally {
    io.endGroup();
  }
}
