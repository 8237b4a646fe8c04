// Text that came from the server (build subjects, test names and messages, error bodies) must not be able to
// issue workflow commands (promise 15) nor break the job summary's Markdown.

/** The runner reads `::cmd::` and the older `##[cmd]` at the start of a line (after spaces) as a command. */
const COMMAND_START = /^(\s*)(::|##\[)/gm;

/** Makes text safe to print in the log: a line that would start a workflow command is defused. */
export function logSafe(text: string): string {
  // A zero-width space keeps the text readable while the runner no longer sees a command.
  return text.replace(
    COMMAND_START,
    (_m, space: string, cmd: string) => `${space}${cmd[0]}\u200b${cmd.slice(1)}`,
  );
}

/** Makes text safe inside a Markdown table cell or line: no HTML, no table breaks, one line. */
export function mdSafe(text: string, max = 300): string {
  const oneLine = cut(text.replace(/\r?\n/g, ' ').replace(/\s+/g, ' ').trim(), max);
  return oneLine.replace(/[\\`*_[\]<>|&#]/g, (c) =>
    c === '<' ? '&lt;' : c === '>' ? '&gt;' : c === '&' ? '&amp;' : `\\${c}`,
  );
}

/** Cuts text to `max` characters, saying so with an ellipsis. */
export function cut(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, Math.max(0, max - 1))}…`;
}

/** Human-readable byte size. */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return unit === 0 ? `${bytes} B` : `${value.toFixed(value < 10 ? 2 : 1)} ${units[unit]}`;
}

/** Human-readable duration from milliseconds: `4 s`, `2 min 5 s`, `1 h 3 min`. */
export function formatDuration(ms: number): string {
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min${s % 60 ? ` ${s % 60} s` : ''}`;
  return `${Math.floor(m / 60)} h${m % 60 ? ` ${m % 60} min` : ''}`;
}
