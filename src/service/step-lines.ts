// What the actions know of a failed step's output without reading it (src/service/step-output.ts reads it): the
// bounds of a read, and the line that says why a step failed. Apart, so that the reader loads only when it reads.

/** Lines of output a caller may ask for; `failure-log-lines` is checked against it. */
export const MAX_OUTPUT_LINES = 1000;
/** Failed steps (containers included) whose output is read per build; the others are listed without it. */
export const MAX_STEPS_READ = 10;

/** Lines that only say that something exited (the exit code says it already) or count what failed. */
const NOISE = [
  /^exit(ed)?\b.*\b(code|status)\b/i,
  /\b(exited|exit(ed)? with|completed with)\b.*\b(code|status)\s*-?\d+\.?$/i,
  /command failed with exit code/i,
  /^(npm|yarn|pnpm) (ERR!|error)( |$)/i,
  /^make(\[\d+\])?: \*\*\*/,
  /^error: process completed with exit code/i,
  /^(tests?|test files|test suites|suites?|specs?)\s*:?\s+.*\b(failed|passed|failing|passing)\b/i,
];

/** A line that states an error: `error TS2304:`, `AssertionError: ...`, `fatal: ...`, `panic: ...`. */
const STATES_ERROR = [
  /\b\w*(Error|Exception)\b\s*[:!]/,
  /\berror\b\s*(\[|\(|:|[A-Z]+\d+)/i,
  /^(fatal|panic|error|ERROR|FATAL)\b/,
  /^Too long with no output/i,
];

/** A line that hints at one: a failure, something missing or refused, a kill. */
const HINTS_ERROR =
  /\b(error|errors|fatal|failed|failure|exception|panic|cannot|can't|could not|not found|denied|killed|timed out|undefined)\b/i;

/** The line that best says why the step failed: the last stating an error, else hinting at one, else not noise. */
export function lastMeaningfulLine(lines: readonly string[]): string | undefined {
  let hint: string | undefined;
  let fallback: string | undefined;
  for (let i = lines.length - 1; i >= 0; i--) {
    const line = (lines[i] ?? '').trim();
    if (line === '' || NOISE.some((re) => re.test(line))) continue;
    if (STATES_ERROR.some((re) => re.test(line))) return line;
    if (HINTS_ERROR.test(line)) hint ??= line;
    fallback ??= line;
  }
  return hint ?? fallback;
}
