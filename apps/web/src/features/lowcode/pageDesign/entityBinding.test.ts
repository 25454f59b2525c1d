import { describe, expect, it } from 'vitest';
import { bindEntityField } from './entityBinding.ts';

describe('bindEntityField', () => {
  it('takes the code, the name, required and the length bounds', () => {
    const field = bindEntityField(
      { type: 'input', prop: '1_2', label: '单行文本', span: 12 },
      { eleNo: 'title', eleName: '标题', verifyJson: { required: true, stringRange: [2, 20] } },
      'zh',
    );
    expect(field).toEqual({
      type: 'input',
      prop: 'title',
      label: '标题',
      span: 12,
      required: true,
      maxlength: 20,
      rules: [{ min: 2, max: 20, message: '标题长度必须在2到20个字符之间' }],
    });
  });

  it('takes number bounds and drops those of an earlier binding', () => {
    const field = bindEntityField(
      { type: 'number', prop: 'old', required: true, maxlength: 9, min: 1, max: 2 },
      { eleNo: 'price', eleName: '价格', verifyJson: { numberBetween: [0, 100] } },
      'zh',
    );
    expect(field).toEqual({
      type: 'number',
      prop: 'price',
      label: '价格',
      required: false,
      min: 0,
      max: 100,
    });
  });
});
