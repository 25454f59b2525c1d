import { describe, expect, it } from 'vitest';
import { remapIds } from './parts.ts';

describe('remapIds', () => {
  it('replaces known ids wherever they stand, whole numbers only', () => {
    const ids = new Map([
      ['385486946407370754', '991'],
      ['12', '34'],
    ]);
    const row = {
      entId: '385486946407370754',
      formJson: { column: [{ dicUrl: '/api/x?entId=385486946407370754&size=120' }] },
      code: "return load('385486946407370754') + 1385486946407370754;",
      list: ['12', 12, 'a12b', '112'],
    };
    expect(remapIds(row, ids)).toEqual({
      entId: '991',
      formJson: { column: [{ dicUrl: '/api/x?entId=991&size=120' }] },
      code: "return load('991') + 1385486946407370754;",
      list: ['34', 12, 'a34b', '112'],
    });
  });

  it('maps ten thousand rows against twenty thousand known ids', () => {
    const ids = new Map(Array.from({ length: 20_000 }, (_, i) => [String(5_000_000_000_000 + i), String(i)]));
    const rows = Array.from({ length: 10_000 }, (_, i) => ({
      id: String(5_000_000_000_000 + i),
      parent: '5000000000000',
    }));
    const out = remapIds(rows, ids);
    expect(out[9_999]).toEqual({ id: '9999', parent: '0' });
  });
});
