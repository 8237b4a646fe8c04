import { describe, expect, it } from 'vitest';
import { serverMessage } from '../../src/service/http/message.ts';

describe('serverMessage', () => {
  it.each<[string, string, string | undefined, string]>([
    ['JSON {message}', '{"message":"Project not found"}', 'application/json', 'Project not found'],
    [
      'JSON without a content type',
      '{"message":"You must log in first."}',
      undefined,
      'You must log in first.',
    ],
    [
      'a message that is JSON text',
      '{"message":"{\\"message\\":\\"env var not found\\"}"}',
      'application/json',
      'env var not found',
    ],
    ['a message that is a JSON string', '{"message":"\\"quoted\\""}', 'application/json', 'quoted'],
    ['a JSON string body', '"Build not found"', 'application/json', 'Build not found'],
    ['JSON without message', '{"error":"bad"}', 'application/json', 'bad'],
    ['JSON with other fields', '{"code":17}', 'application/json', '{"code":17}'],
    ['an empty JSON object', '{}', 'application/json', ''],
    ['JSON null', 'null', 'application/json', ''],
    [
      'HTML title',
      '<!DOCTYPE html><html><head><title>403 Forbidden</title></head><body>x</body></html>',
      'text/html',
      '403 Forbidden',
    ],
    [
      'HTML entities',
      '<html><title>Bad &amp; worse &#8212; &lt;ok&gt;</title></html>',
      'text/html',
      'Bad & worse — <ok>',
    ],
    [
      'HTML without a title: the first text',
      '<html><head><style>p{}</style><script>x()</script></head><body>\n<h1>Service <b>Unavailable</b></h1><p>later</p></body></html>',
      'text/html; charset=utf-8',
      'Service Unavailable',
    ],
    [
      'HTML without a content type',
      '<html><body><p>Gateway Timeout</p></body></html>',
      undefined,
      'Gateway Timeout',
    ],
    ['plain text', 'Rate limited.', 'text/plain', 'Rate limited.'],
    ['multi-line text', 'line one\r\n\tline two\n', 'text/plain', 'line one line two'],
    ['empty', '', undefined, ''],
    ['whitespace', ' \n ', 'application/json', ''],
    ['truncated JSON', '{"message": "cut', 'application/json', '{"message": "cut'],
    ['a multi-line JSON message', '{"message":"a\\nb"}', 'application/json', 'a b'],
  ])('%s', (_what, body, type, expected) => {
    expect(serverMessage(body, type)).toBe(expected);
  });

  it('cuts long messages to about 300 characters, on one line', () => {
    const message = serverMessage(`${'word '.repeat(200)}\nend`, 'text/plain');
    expect(message.length).toBeLessThanOrEqual(300);
    expect(message).not.toContain('\n');
    expect(message.endsWith('…')).toBe(true);
  });

  it('does not let control characters through', () => {
    expect(serverMessage('{"message":"a\\u001b[31mb\\u0007c"}', 'application/json')).toBe('a [31mb c');
  });

  describe('removes secrets before cutting or reflowing (docs/promises.md, promise 13)', () => {
    const token = 'tok-0123456789abcdef0123456789abcdef01234567';

    it('a token that the cut would split is removed whole, no prefix left', () => {
      const body = JSON.stringify({ message: `${'x'.repeat(280)} token=${token}` });
      const message = serverMessage(body, 'application/json', [token]);
      expect(message).toBe(`${'x'.repeat(280)} token=***`);
      expect(message).not.toContain(token.slice(0, 4));
    });

    it('a secret with double spaces, tabs or a new line is found before white space is collapsed', () => {
      const secret = 'two  spaces\tand\nmore';
      expect(serverMessage(`bad value ${secret} here`, 'text/plain', [secret])).toBe('bad value *** here');
      expect(serverMessage(JSON.stringify({ message: `bad ${secret}` }), 'application/json', [secret])).toBe(
        'bad ***',
      );
    });

    it('a secret escaped in JSON text or in HTML is found too', () => {
      const secret = 'quote"back\\slash&amp';
      expect(serverMessage(JSON.stringify({ code: 1, echo: secret }), 'application/json', [secret])).toBe(
        '{"code":1,"echo":"***"}',
      );
      expect(
        serverMessage('<title>no &amp; quote&quot;back\\slash&amp;amp</title>', 'text/html', [secret]),
      ).toBe('no & ***');
    });

    it('a secret that contains another goes whole', () => {
      expect(serverMessage('key=abcdef', 'text/plain', ['abc', 'abcdef'])).toBe('key=***');
    });
  });
});
