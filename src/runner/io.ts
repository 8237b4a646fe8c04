// The one module that talks to the runner (through @actions/core). Everything else receives an `Io`, so the
// logic can be driven by a recording Io in tests and never reaches for globals.
import { randomBytes } from 'node:crypto';
import * as core from '@actions/core';

export type Summary = typeof core.summary;
export type AnnotationProperties = core.AnnotationProperties;

export interface Io {
  /** The raw input, trimmed ('' when not set). */
  getInput(name: string): string;
  setOutput(name: string, value: string): void;
  setSecret(value: string): void;
  debug(message: string): void;
  info(message: string): void;
  warning(message: string, properties?: AnnotationProperties): void;
  error(message: string, properties?: AnnotationProperties): void;
  /** Writes the one `::error::` line and sets the exit code to 1. */
  setFailed(message: string): void;
  /** Prints untrusted lines inside a stop-commands fence whose fresh random token the text cannot guess. */
  untrusted(lines: readonly string[]): void;
  startGroup(name: string): void;
  endGroup(): void;
  isDebug(): boolean;
  /** The job summary (GITHUB_STEP_SUMMARY); `write()` appends what was added. */
  summary: Summary;
}

export const coreIo: Io = {
  getInput: (name) => core.getInput(name),
  setOutput: (name, value) => core.setOutput(name, value),
  setSecret: (value) => core.setSecret(value),
  debug: (message) => core.debug(message),
  info: (message) => core.info(message),
  warning: (message, properties) => core.warning(message, properties),
  error: (message, properties) => core.error(message, properties),
  setFailed: (message) => core.setFailed(message),
  untrusted: (lines) => printFenced((line) => core.info(line), lines),
  startGroup: (name) => core.startGroup(name),
  endGroup: () => core.endGroup(),
  isDebug: () => core.isDebug(),
  summary: core.summary,
};

/** The stop-commands fence around `lines`, printed through `info`. */
export function printFenced(info: (line: string) => void, lines: readonly string[]): void {
  if (lines.length === 0) return;
  const token = randomBytes(16).toString('hex');
  info(`::stop-commands::${token}`);
  for (const line of lines) info(line);
  info(`::${token}::`);
}
