import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../shared/i18n/index.ts';
import { renderInApp } from '../../../test/renderScreen.tsx';
import { OptionDialog } from './OptionDialog.tsx';

initI18n();

describe('OptionDialog', () => {
  it('asks for a label and a value on each row', async () => {
    const onOk = vi.fn();
    renderInApp(<OptionDialog open items={[]} onOk={onOk} onCancel={() => undefined} />);
    fireEvent.click(screen.getByText('添加选项').closest('button') as HTMLElement);
    fireEvent.click(screen.getByText('确定').closest('button') as HTMLElement);
    expect(await screen.findByText('请输入label')).toBeTruthy();
    expect(await screen.findByText('请输入value')).toBeTruthy();
    expect(onOk).not.toHaveBeenCalled();
  });

  it('refuses a repeated value and keeps values as numbers when told', async () => {
    const onOk = vi.fn();
    renderInApp(
      <OptionDialog
        open
        items={[
          { label: 'A', value: 1 },
          { label: 'B', value: 1 },
        ]}
        onOk={onOk}
        onCancel={() => undefined}
      />,
    );
    fireEvent.click(screen.getByText('确定').closest('button') as HTMLElement);
    expect((await screen.findAllByText('value重复')).length).toBeGreaterThan(0);
    expect(onOk).not.toHaveBeenCalled();
    const values = screen.getAllByLabelText('option value');
    fireEvent.change(values[1] as HTMLElement, { target: { value: '2' } });
    fireEvent.click(screen.getByText('确定').closest('button') as HTMLElement);
    await vi.waitFor(() =>
      expect(onOk).toHaveBeenCalledWith([
        { label: 'A', value: 1 },
        { label: 'B', value: 2 },
      ]),
    );
  });
});
