// The one module that talks to the runner (through @actions/core). Everything else receives an `Io`, so the
// logic can be driven by a recording Io in tests and never reaches for globals.
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
  startGroup: (name) => core.startGroup(name),
  endGroup: () => core.endGroup(),
  isDebug: () => core.isDebug(),
  summary: core.summary,
};
