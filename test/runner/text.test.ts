// Server text made safe for the log, Markdown and HTML: each row is a form the runner or GitHub's renderer would
// otherwise obey.
import { describe, expect, it } from 'vitest';
import { stripTerminalEscapes } from '../../src/common/terminal-tail.ts';
import { htmlSafe, logSafe, mdSafe, shellSafeUrl } from '../../src/runner/text.ts';
import { runnerCommands } from '../harness/commands.ts';

describe('logSafe', () => {
  it.each([
    ['::error::pwned'],
    ['  ::error::indented'],
    ['\u0085::error::after NEL, which JavaScript does not count as white space'],
    ['\u3000::warning::after an ideographic space'],
    ['text\r::error::after a lone carriage return'],
    ['text\n::add-mask::x'],
    ['done ##[error]the older form, anywhere in a line'],
    ['##[add-mask]x and ##[set-output name=a]b'],
    ['::stop-commands::tok\n::tok::\n::error::after the fence'],
  ])('%j issues no command', (text) => {
    expect(runnerCommands(text)).not.toEqual([]);
    expect(runnerCommands(logSafe(text))).toEqual([]);
  });

  it('keeps ordinary text as it is and removes terminal escapes', () => {
    expect(logSafe('Build #12 succeeded: a::b, c## [d]')).toBe('Build #12 succeeded: a::b, c## [d]');
    expect(logSafe('\u001b[1;31mred\u001b[0m \u001b]8;;https://x\u0007link\u001b]8;;\u0007')).toBe(
      'red link',
    );
  });
});

describe('htmlSafe and mdSafe', () => {
  it('escapes for HTML without Markdown backslashes, which HTML cells would show', () => {
    expect(htmlSafe('test_file <b>&"x"')).toBe('test_file &lt;b&gt;&amp;&quot;x&quot;');
    expect(mdSafe('test_file')).toBe('test\\_file');
  });

  it('makes one line without escapes, cut with an ellipsis', () => {
    expect(htmlSafe('a\n\tb \u001b[31mc', 100)).toBe('a b c');
    expect(htmlSafe('x'.repeat(10), 5)).toBe('xxxx…');
    expect(stripTerminalEscapes('\u009b2Jcleared')).toBe('cleared');
  });
});

describe('shellSafeUrl', () => {
  it('keeps an ordinary address as it is', () => {
    const url = 'https://ci.example/gh/acme/widget_1.2/12?a=b+c,d#f@g%20~h';
    expect(shellSafeUrl(url)).toBe(url);
  });

  it('percent-encodes every character a shell reads, as UTF-8 bytes', () => {
    expect(shellSafeUrl('https://ci.example/12$(touch${IFS}PWNED)')).toBe(
      'https://ci.example/12%24%28touch%24%7BIFS%7DPWNED%29',
    );
    expect(shellSafeUrl('a`b\'c"d;e&f|g<h>i*j!k[l]m n\nö😀')).toBe(
      'a%60b%27c%22d%3Be%26f%7Cg%3Ch%3Ei%2Aj%21k%5Bl%5Dm%20n%0A%C3%B6%F0%9F%98%80',
    );
  });
});
