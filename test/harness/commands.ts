// The workflow commands a GitHub runner would obey in a step's output, read the way the runner reads them: line by
// line (a line ends at `\n`, `\r\n` or a lone `\r`), white space trimmed from the start in .NET's sense (U+0085
// and the Unicode spaces included), `::name props::message` when the trimmed line starts with `::`, and otherwise
// the older `##[name props]message` anywhere in the line. `::stop-commands::<token>` turns every command off until
// a line `::<token>::`. Tests use it to check that server text cannot issue commands.

export interface Command {
  name: string;
  message: string;
  /** The line it came from. */
  line: string;
  form: 'v2' | 'v1';
}

/** Characters .NET's Char.IsWhiteSpace accepts, which `TrimStart()` removes. */
const DOTNET_SPACE = /^[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]*/;

/** Every command the runner would act on, in order; `::add-mask::` included. */
export function runnerCommands(output: string): Command[] {
  const commands: Command[] = [];
  let stopToken: string | undefined;
  for (const raw of output.split(/\r\n|\r|\n/)) {
    const line = raw.replace(DOTNET_SPACE, '');
    if (stopToken !== undefined) {
      if (line === `::${stopToken}::`) stopToken = undefined;
      continue;
    }
    const v2 = /^::([A-Za-z-]+)(?: [^:]*)?::(.*)$/s.exec(line);
    if (v2) {
      const [, name = '', message = ''] = v2;
      if (name === 'stop-commands') {
        stopToken = message;
        continue;
      }
      commands.push({ name, message, line: raw, form: 'v2' });
      continue;
    }
    const at = raw.indexOf('##[');
    if (at >= 0) {
      const end = raw.indexOf(']', at);
      if (end > at) {
        const [name = ''] = raw.slice(at + 3, end).split(' ');
        commands.push({ name, message: raw.slice(end + 1), line: raw, form: 'v1' });
      }
    }
  }
  return commands;
}
