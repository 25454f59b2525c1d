import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { initI18n } from '../../../shared/i18n/index.ts';
import { renderInApp } from '../../../test/renderScreen.tsx';
import { setUpRequests } from '../../../test/requestHarness.ts';
import { envelope } from '../../../test/responses.ts';
import { stubLayout } from '../../../test/schemaForm.tsx';
import { RunDialog } from './RunDialog.tsx';

initI18n();

const { fetchMock } = setUpRequests();
// After the harness's own set-up, which starts each test with no stubbed globals but fetch.
beforeEach(stubLayout);

function Harness({ code, params }: { code: string; params: string }) {
  return (
    <RunDialog
      name="加一"
      code={code}
      params={params}
      onParamsChange={() => undefined}
      onClose={() => undefined}
    />
  );
}

const run = () => fireEvent.click(screen.getByTestId('flow-run-start'));

describe('the run dialog', { timeout: 30_000 }, () => {
  it('refuses parameters that are not a JSON object before sending anything', async () => {
    const view = renderInApp(<Harness code="return 1" params="{a: 1}" />);
    run();
    expect((await screen.findByTestId('flow-run-problem')).textContent).toMatch(/^参数不是有效的 JSON：/);
    view.rerender(<Harness code="return 1" params="[1, 2]" />);
    run();
    expect(await screen.findByText('参数必须是 JSON 对象，例如 {"a": 1}')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("runs the editor's code with the parameters and shows the value, the logs and the time", async () => {
    fetchMock.mockResolvedValue(envelope({ ok: true, value: 42, logs: ['hi'], cpuMs: 3, ms: 12 }));
    renderInApp(<Harness code="log('hi'); return params.a + 1;" params='{"a": 41}' />);
    run();
    expect((await screen.findByTestId('flow-run-value')).textContent).toBe('42');
    expect(screen.getByTestId('flow-run-logs').textContent).toBe('hi');
    expect(screen.getByTestId('flow-run-duration').textContent).toBe('12 ms (CPU 3 ms)');
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(url)).toBe('/api/yuan-api/s/run');
    expect(JSON.parse(String(init?.body))).toEqual({
      code: "log('hi'); return params.a + 1;",
      params: { a: 41 },
    });
  });

  it('names the limit a script hit', async () => {
    fetchMock.mockResolvedValue(
      envelope({
        ok: false,
        error: 'wall time limit',
        limit: 'time',
        logs: [],
        cpuMs: 40,
        ms: 3010,
        limits: { cpuMs: 1000, wallMs: 3000 },
      }),
    );
    renderInApp(<Harness code="while (true) {}" params="" />);
    run();
    const error = await screen.findByTestId('flow-run-error');
    expect(error.textContent).toContain('超出时间限制（CPU 时间或总时长），脚本已被终止');
    expect(error.textContent).toContain('wall time limit');
    expect(screen.getByTestId('flow-run-limits').textContent).toBe(
      'CPU 1000 ms，总时长 3000 ms（含等待服务器调用）',
    );
    expect(screen.getByTestId('flow-run-outcome').textContent).toBe('运行失败');
  });

  it('does not send empty code', async () => {
    renderInApp(<Harness code="   " params="{}" />);
    run();
    expect(await screen.findByText('代码为空，无法运行')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
