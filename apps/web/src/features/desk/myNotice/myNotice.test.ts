import { describe, expect, it } from 'vitest';
import { eventKey } from '../../info/loginLog/myLog.ts';
import { sourceOptions } from '../notice/sourceOptions.ts';
import { sanitizeHtml } from './sanitizeHtml.ts';

describe('notice HTML', () => {
  it('keeps formatting, links and images', () => {
    const html =
      '<p style="color: red">a <b>b</b> <a href="https://x.org" target="_blank">x</a><img src="/oss/1.png" alt="i"></p>';
    const clean = sanitizeHtml(html);
    expect(clean).toContain('<p style="color: red">a <b>b</b> ');
    expect(clean).toContain('<a href="https://x.org" target="_blank" rel="noopener noreferrer">x</a>');
    expect(clean).toContain('<img src="/oss/1.png" alt="i">');
  });

  it('drops scripts, frames, handlers and unsafe addresses', () => {
    const clean = sanitizeHtml(
      '<p onclick="alert(1)">t<script>alert(2)</script><iframe src="https://evil"></iframe></p>' +
        '<a href="java\tscript:alert(3)">l</a><img src="javascript:alert(4)" onerror="alert(5)">' +
        '<div style="background: url(https://evil/x.png)">s</div><!-- c --><form><input></form>',
    );
    expect(clean).toBe('<p>t</p><a rel="noopener noreferrer">l</a><img><div>s</div>');
  });

  it('unwraps unknown elements but keeps their text', () => {
    expect(sanitizeHtml('<article><header>h</header><marquee>m</marquee></article>')).toBe('hm');
    expect(sanitizeHtml('<img src="data:image/png;base64,AAAA">')).toBe(
      '<img src="data:image/png;base64,AAAA">',
    );
    expect(sanitizeHtml('<img src="data:text/html;base64,AAAA">')).toBe('<img>');
  });
});

describe('notice sources', () => {
  it('come from the SourceFrom dictionary, else the default source', () => {
    expect(sourceOptions([{ dictKey: 'p020', dictValue: '钱包' }], '通知')).toEqual([
      { value: 'p020', label: ['钱包', '钱包'] },
    ]);
    expect(sourceOptions([], '通知')).toEqual([{ value: 'p010', label: ['通知', '通知'] }]);
    expect(sourceOptions(undefined, 'Notices')).toEqual([{ value: 'p010', label: ['Notices', 'Notices'] }]);
  });
});

describe('login log events', () => {
  it('names sign-ins and refreshes', () => {
    expect(eventKey('login')).toBe('myLog.login');
    expect(eventKey('refresh')).toBe('myLog.refresh');
    expect(eventKey('other')).toBeNull();
  });
});
