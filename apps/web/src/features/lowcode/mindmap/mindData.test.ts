import type { MindmapNode } from '@yuan/contract/lowcode/mindmap';
import type { NodeObj } from 'mind-elixir';
import { describe, expect, it } from 'vitest';
import { ancestorEntity, bindOf, cleanBind, fromElixir, NEW_ROOT_ID, toElixir } from './mindData.ts';

const stored: MindmapNode = {
  id: 'r',
  topic: 'Sales',
  children: [
    {
      id: 'c',
      topic: 'Customers',
      bind: { kind: 'list', entId: '11' },
      children: [{ id: 'o', topic: 'Orders', bind: { kind: 'sublist', entId: '12', refField: 'customer' } }],
    },
    { id: 's', topic: 'Report', bind: { kind: 'service', servicePath: 'sales/report' } },
  ],
};

/** Gives every node its parent, as mind-elixir does once a map is drawn. */
function linkParents(node: NodeObj, parent?: NodeObj): NodeObj {
  node.parent = parent;
  for (const child of node.children ?? []) {
    linkParents(child, node);
  }
  return node;
}

describe('the stored tree and mind-elixir data', () => {
  it('keeps a binding in the node metadata and tags the node with its kind', () => {
    const { nodeData } = toElixir(stored, 'unused', (bind) => `[${bind.kind}]`);
    expect(nodeData.id).toBe('r');
    const customers = nodeData.children?.[0];
    expect(customers?.metadata).toEqual({ bind: { kind: 'list', entId: '11' } });
    expect(customers?.tags).toEqual(['[list]']);
    expect(nodeData.tags).toBeUndefined();
  });

  it('comes back unchanged from a round trip', () => {
    expect(fromElixir(toElixir(stored, 'unused', (bind) => bind.kind))).toEqual(stored);
  });

  it('starts a map without a tree as one root named after the map', () => {
    for (const empty of [null, undefined, 'text', [], { topic: 'no id' }]) {
      expect(toElixir(empty, 'My map').nodeData).toEqual({ id: NEW_ROOT_ID, topic: 'My map' });
    }
  });

  it('drops nodes without an id and bindings that are not ones, keeping the rest', () => {
    const odd = {
      id: 'r',
      topic: 'Root',
      children: [
        { topic: 'no id' },
        { id: 'a', topic: 'Bad kind', bind: { kind: 'chart', entId: '1' } },
        { id: 'b', topic: 'Bad id', bind: { kind: 'list', entId: 'x1' } },
        { id: 'c', bind: { kind: 'form', entId: '5' } },
      ],
    };
    expect(fromElixir(toElixir(odd, ''))).toEqual({
      id: 'r',
      topic: 'Root',
      children: [
        { id: 'a', topic: 'Bad kind' },
        { id: 'b', topic: 'Bad id' },
        { id: 'c', topic: '', bind: { kind: 'form', entId: '5' } },
      ],
    });
  });

  it('stores only id, topic, children and binding, whatever mind-elixir added', () => {
    const edited: NodeObj = {
      id: 'r',
      topic: 'Root',
      expanded: true,
      style: { color: 'red' },
      tags: ['Form'],
      children: [],
      metadata: { bind: { kind: 'form', entId: '3', refField: 'dropped' } },
    };
    expect(fromElixir({ nodeData: edited })).toEqual({
      id: 'r',
      topic: 'Root',
      bind: { kind: 'form', entId: '3' },
    });
  });
});

describe('bindings', () => {
  it('keep only what their kind uses', () => {
    const all = { entId: '1', pageId: '2', refField: 'owner', servicePath: 'a/b' };
    expect(cleanBind({ kind: 'list', ...all })).toEqual({ kind: 'list', entId: '1' });
    expect(cleanBind({ kind: 'form', ...all })).toEqual({ kind: 'form', entId: '1', pageId: '2' });
    expect(cleanBind({ kind: 'sublist', ...all })).toEqual({
      kind: 'sublist',
      entId: '1',
      refField: 'owner',
    });
    expect(cleanBind({ kind: 'subform', ...all })).toEqual({
      kind: 'subform',
      entId: '1',
      pageId: '2',
      refField: 'owner',
    });
    expect(cleanBind({ kind: 'service', ...all })).toEqual({ kind: 'service', servicePath: 'a/b' });
    expect(cleanBind({ kind: 'service' })).toEqual({ kind: 'service' });
  });

  it('are read from a node only when valid', () => {
    expect(bindOf({ metadata: { bind: { kind: 'list', entId: '7' } } })).toEqual({
      kind: 'list',
      entId: '7',
    });
    expect(bindOf({ metadata: { bind: { kind: 'list', extra: 1 } } })).toBeUndefined();
    expect(bindOf({ metadata: 'text' })).toBeUndefined();
    expect(bindOf({})).toBeUndefined();
  });

  it("find the entity of a node's nearest ancestor bound to one, skipping unbound and service nodes", () => {
    const root = linkParents(
      toElixir(
        {
          id: 'r',
          topic: 'Root',
          children: [
            {
              id: 'c',
              topic: 'Customers',
              bind: { kind: 'list', entId: '11' },
              children: [
                {
                  id: 'g',
                  topic: 'Group',
                  children: [
                    {
                      id: 's',
                      topic: 'Service',
                      bind: { kind: 'service', servicePath: 'x' },
                      children: [{ id: 'o', topic: 'Orders' }],
                    },
                  ],
                },
              ],
            },
          ],
        },
        '',
      ).nodeData,
    );
    const orders = root.children?.[0]?.children?.[0]?.children?.[0]?.children?.[0];
    expect(orders?.topic).toBe('Orders');
    expect(ancestorEntity(orders ?? {})).toBe('11');
    expect(ancestorEntity(root)).toBeUndefined();
  });
});
