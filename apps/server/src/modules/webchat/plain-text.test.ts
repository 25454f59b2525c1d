import { describe, expect, it } from 'vitest';
import { plainText } from './plain-text.ts';

describe('chat plain text', () => {
  it('removes markup and keeps text that only looks like it', () => {
    expect(plainText('<b>bold</b> <script>alert(1)</script>a < b <img src=x onerror=alert(1)>')).toBe(
      'bold a < b',
    );
    // Removing the inner tags makes a script element, which goes whole.
    expect(plainText('<<b>script>alert(1)<</b>/script>')).toBe('');
    expect(plainText('x <!-- hidden --> y <!DOCTYPE html><?xml v?>')).toBe('x  y');
    expect(plainText('<style>p{}</style><iframe src="//evil"></iframe>ok')).toBe('ok');
    expect(plainText('1<2 and 3>2, <3, a<=b, x</ y')).toBe('1<2 and 3>2, <3, a<=b, x</ y');
    expect(plainText('&lt;b&gt; stays as typed')).toBe('&lt;b&gt; stays as typed');
    expect(plainText('<p></p>')).toBe('');
  });

  it('normalises line ends, drops control characters and trims', () => {
    expect(plainText('  one\r\ntwo\rthree\n\n\n\nfour\u0000\u0007\t!  ')).toBe('one\ntwo\nthree\n\nfour\t!');
  });
});
