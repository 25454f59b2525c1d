import { describe, expect, it } from 'vitest';
import { bindEntityField, entityWidget, unboundFields } from './entityBinding.ts';

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

describe('entityWidget', () => {
  const element = (more: object) => ({ eleNo: 'f', eleName: '字段', verifyJson: {}, ...more });
  it('makes the widget that fits the data type, bound to the field', () => {
    const types = ['string', 'text', 'int', 'decimal', 'bool', 'date', 'datetime', 'json'] as const;
    expect(types.map((dataTyp) => entityWidget(element({ dataTyp }), '3', 'zh').type)).toEqual([
      'input',
      'textarea',
      'number',
      'number',
      'switch',
      'date',
      'datetime',
      'textarea',
    ]);
    expect(entityWidget(element({ dataTyp: 'date' }), '3', 'zh')).toMatchObject({
      prop: 'f',
      label: '字段',
      span: 24,
      required: false,
      format: 'YYYY-MM-DD',
    });
  });

  it('takes bounds, whole numbers, a dictionary and a reference from the definition', () => {
    expect(
      entityWidget(
        element({ dataTyp: 'int', verifyJson: { required: true, numberBetween: [1, 9] } }),
        '3',
        'en',
      ),
    ).toMatchObject({ type: 'number', required: true, min: 1, max: 9, precision: 0 });
    expect(entityWidget(element({ dataTyp: 'string', dictCode: 'sex' }), '3', 'zh')).toMatchObject({
      type: 'select',
      dicSource: 'dict:sex',
    });
    expect(entityWidget(element({ dataTyp: 'string', refEntId: '9' }), '3', 'zh')).toMatchObject({
      type: 'entity',
      entId: '3',
      prop: 'f',
    });
  });
});

describe('unboundFields', () => {
  it("lists the fields whose key is none of the entity's, inside groups but not inside a sub-form", () => {
    const column = [
      { type: 'input', prop: 'title' },
      { type: 'input', prop: '1795757663206_60477' },
      {
        type: 'group',
        prop: 'g',
        children: {
          column: [
            { type: 'date', prop: 'day' },
            { type: 'date', prop: 'x' },
          ],
        },
      },
      { type: 'dynamic', prop: 'lines', children: { column: [{ type: 'input', prop: 'qty' }] } },
    ];
    const fields = [
      { eleNo: 'title', eleName: '标题', verifyJson: {} },
      { eleNo: 'day', eleName: '日', verifyJson: {} },
    ];
    expect(unboundFields(column, fields).map((field) => field.prop)).toEqual([
      '1795757663206_60477',
      'x',
      'lines',
    ]);
  });
});
