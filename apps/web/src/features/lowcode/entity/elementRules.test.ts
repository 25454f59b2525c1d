import { describe, expect, it } from 'vitest';
import { fromDefinition, hasBounds, toElements, toFieldRow, toVerifyJson } from './elementRules.ts';

describe('the entity editor turns its rows into elements', () => {
  it('reads the bounds as a length for text and a value for numbers, and ignores them elsewhere', () => {
    expect(
      toVerifyJson({ eleNo: 'a', eleName: 'A', dataTyp: 'string', required: true, min: 2, max: 20 }),
    ).toEqual({
      required: true,
      stringRange: [2, 20],
    });
    expect(toVerifyJson({ eleNo: 'a', eleName: 'A', dataTyp: 'int', max: 10 })).toEqual({
      numberBetween: [-2_147_483_648, 10],
    });
    expect(toVerifyJson({ eleNo: 'a', eleName: 'A', dataTyp: 'bool', min: 1, max: 2 })).toEqual({});
  });

  it('keeps element ids so a changed code is a rename, and numbers the order', () => {
    const row = toFieldRow({
      id: '7',
      eleNo: 'name',
      eleName: '姓名',
      dataTyp: 'string',
      verifyJson: { required: true, stringRange: [1, 9] },
      defNo: '',
      refEntId: '',
      unique: true,
      sort: 3,
    });
    expect(toElements([{ ...row, eleNo: 'full_name' }])).toEqual([
      {
        id: '7',
        eleNo: 'full_name',
        eleName: '姓名',
        dataTyp: 'string',
        verifyJson: { required: true, stringRange: [1, 9] },
        unique: true,
        sort: 0,
      },
    ]);
  });

  it('takes the type and the validation of a chosen element definition', () => {
    expect(
      fromDefinition({ dataTyp: 'decimal', verifyJson: { required: true, numberBetween: [0, 99.5] } }),
    ).toEqual({ dataTyp: 'decimal', required: true, min: 0, max: 99.5 });
    // A length on a number type means nothing: the bounds stay empty.
    expect(fromDefinition({ dataTyp: 'int', verifyJson: { stringRange: [1, 5] } })).toEqual({
      dataTyp: 'int',
      required: false,
      min: null,
      max: null,
    });
    expect(fromDefinition({ dataTyp: 'bogus', verifyJson: null }).dataTyp).toBe('string');
    expect(hasBounds('text')).toBe(true);
    expect(hasBounds('date')).toBe(false);
  });
});
