import { describe, expect, it } from 'vitest';
import { serverMessage } from '../../src/api/transport.ts';

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
});
