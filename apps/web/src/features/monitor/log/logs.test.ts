import { apiLogResource, errorLogResource } from '@yuan/contract/log/logs';
import { describe, expect, it } from 'vitest';
import { useTimeZone } from '../../../shared/time/timeZone.ts';
import { logEntries, prettyJson } from './shared/logEntries.ts';

const labels = { id: 'ID', createTime: 'Logged at' };

describe('log view entries', () => {
  it('lists the id, the time and every declared field, in order', () => {
    useTimeZone.setState({ zone: 'Asia/Shanghai' });
    const entries = logEntries(
      apiLogResource,
      {
        id: '7',
        createTime: '2025-01-02T03:04:05Z',
        method: 'GET',
        status: 200,
        params: '{"query":{"a":1}}',
      },
      'en',
      labels,
    );
    expect(entries.map((e) => e.name)).toEqual(['id', 'createTime', ...Object.keys(apiLogResource.fields)]);
    expect(entries.find((e) => e.name === 'createTime')?.text).toBe('2025-01-02 11:04:05');
    expect(entries.find((e) => e.name === 'method')).toMatchObject({
      label: 'Method',
      text: 'GET',
      display: 'text',
    });
    expect(entries.find((e) => e.name === 'status')?.text).toBe('200');
    expect(entries.find((e) => e.name === 'params')).toMatchObject({
      display: 'code',
      text: '{\n  "query": {\n    "a": 1\n  }\n}',
    });
    expect(entries.find((e) => e.name === 'userAgent')?.text).toBe('');
  });

  it('shows the stack as code and other long text wrapped', () => {
    const entries = logEntries(
      errorLogResource,
      { id: '1', stackTrace: 'Error: boom\n    at x (a.ts:1:1)', message: 'boom\nline two' },
      'zh',
      labels,
    );
    expect(entries.find((e) => e.name === 'stackTrace')).toMatchObject({ label: '堆栈', display: 'code' });
    expect(entries.find((e) => e.name === 'message')).toMatchObject({
      display: 'wrap',
      text: 'boom\nline two',
    });
  });

  it('indents JSON only', () => {
    expect(prettyJson('[1,2]')).toBe('[\n  1,\n  2\n]');
    expect(prettyJson('{broken')).toBe('{broken');
    expect(prettyJson('plain text')).toBe('plain text');
  });
});
