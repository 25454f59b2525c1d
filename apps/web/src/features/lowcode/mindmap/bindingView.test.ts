import { describe, expect, it } from 'vitest';
import {
  chooseParentRow,
  decideView,
  forgetParentRow,
  NO_PARENT_ROWS,
  type ParentRow,
  parentRowFor,
} from './bindingView.ts';

const alice: ParentRow = { entId: '11', id: '501', label: 'Alice' };
const order: ParentRow = { entId: '12', id: '901', label: 'Order 1' };
const chosen = chooseParentRow(NO_PARENT_ROWS, alice);

describe('what a clicked node opens', () => {
  it('only folds and unfolds a node without a binding', () => {
    expect(decideView(undefined, undefined, chosen)).toEqual({ kind: 'toggle' });
  });

  it("opens a list or a form of the node's entity, with the form it names", () => {
    expect(decideView({ kind: 'list', entId: '11' }, undefined, NO_PARENT_ROWS)).toEqual({
      kind: 'list',
      entId: '11',
    });
    expect(decideView({ kind: 'form', entId: '11', pageId: '7' }, undefined, NO_PARENT_ROWS)).toEqual({
      kind: 'form',
      entId: '11',
      pageId: '7',
    });
    expect(decideView({ kind: 'form', entId: '11' }, '3', NO_PARENT_ROWS)).toEqual({
      kind: 'form',
      entId: '11',
      pageId: undefined,
    });
  });

  it('opens a sub-list or sub-form on the parent row chosen in the ancestor entity', () => {
    expect(decideView({ kind: 'sublist', entId: '12', refField: 'customer' }, '11', chosen)).toEqual({
      kind: 'sublist',
      entId: '12',
      refField: 'customer',
      parent: alice,
    });
    expect(
      decideView({ kind: 'subform', entId: '12', refField: 'customer', pageId: '8' }, '11', chosen),
    ).toEqual({
      kind: 'subform',
      entId: '12',
      refField: 'customer',
      pageId: '8',
      parent: alice,
    });
  });

  it('asks for a parent row first, naming the entity to choose it in when known', () => {
    const sub = { kind: 'sublist', entId: '12', refField: 'customer' } as const;
    expect(decideView(sub, '11', NO_PARENT_ROWS)).toEqual({ kind: 'needParent', entId: '11' });
    // A row of another entity is not this node's parent row.
    expect(decideView(sub, '11', chooseParentRow(NO_PARENT_ROWS, order))).toEqual({
      kind: 'needParent',
      entId: '11',
    });
    expect(decideView({ ...sub, kind: 'subform' }, undefined, NO_PARENT_ROWS)).toEqual({
      kind: 'needParent',
    });
  });

  it('takes the last row chosen when no ancestor names an entity', () => {
    const both = chooseParentRow(chosen, order);
    const view = decideView({ kind: 'sublist', entId: '13', refField: 'order' }, undefined, both);
    expect(view).toMatchObject({ kind: 'sublist', parent: order });
  });

  it('runs a service with the parent row, when there is one, as parameters', () => {
    expect(decideView({ kind: 'service', servicePath: 'crm/score' }, '11', chosen)).toEqual({
      kind: 'service',
      path: 'crm/score',
      params: { parentId: '501', parentEntId: '11' },
    });
    expect(decideView({ kind: 'service', servicePath: 'crm/score' }, '11', NO_PARENT_ROWS)).toEqual({
      kind: 'service',
      path: 'crm/score',
      params: {},
    });
  });

  it('says a binding is incomplete when it lacks what its kind needs', () => {
    for (const bind of [
      { kind: 'list' },
      { kind: 'form' },
      { kind: 'sublist', entId: '12' },
      { kind: 'subform', refField: 'customer' },
      { kind: 'service' },
    ] as const) {
      expect(decideView(bind, '11', chosen), bind.kind).toEqual({ kind: 'incomplete' });
    }
  });
});

describe('parent rows', () => {
  it('keeps one row per entity and the last one chosen, and forgets them', () => {
    const both = chooseParentRow(chosen, order);
    expect(parentRowFor('11', both)).toBe(alice);
    expect(parentRowFor(undefined, both)).toBe(order);
    const again = chooseParentRow(both, { ...alice, id: '502' });
    expect(parentRowFor('11', again)?.id).toBe('502');
    const forgotten = forgetParentRow(both, '12');
    expect(forgotten.byEntity).toEqual({ '11': alice });
    expect(forgotten.last).toBeUndefined();
    expect(forgetParentRow(both, '11').last).toBe(order);
  });
});
