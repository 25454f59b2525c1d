import { describe, expect, it } from 'vitest';
import { expressionsIn, isVariableExpression, variablePath } from './bpmn-expressions.ts';

const ex = (inside: string) => `\${${inside}}`;

describe('the variable grammar of model expressions', () => {
  it('reads a name or a dotted path; variables. is the same scope spelt out', () => {
    expect(variablePath('starter')).toEqual(['starter']);
    expect(variablePath(' order.customer.name ')).toEqual(['order', 'customer', 'name']);
    expect(variablePath('variables.delay')).toEqual(['delay']);
    expect(variablePath('_a1.B_2')).toEqual(['_a1', 'B_2']);
  });

  it.each([
    'a()',
    'environment.services.x()',
    "constructor.constructor('return process')()",
    'a[0]',
    "a['b']",
    'a + b',
    'a > 1',
    '!a',
    "'text'",
    '1',
    '1a',
    'a..b',
    'a.',
    '',
    '  ',
    'variables',
    'environment',
    'environment.variables.delay',
    'content.id',
    'fields.routingKey',
    'properties.x',
    'variables.environment',
    'a.constructor',
    'prototype',
    'a.__proto__.b',
    'a.b.c.d.e.f.g.h.i',
    'x'.repeat(201),
    'a-b',
    'a b',
    '变量',
  ])('refuses %j', (inside) => {
    expect(variablePath(inside)).toBeUndefined();
  });

  it('finds every expression of a text, and one never closed', () => {
    expect(expressionsIn(`admin, ${ex('second')}, ${ex('x()')}`)).toEqual([
      { text: ex('second'), path: ['second'] },
      { text: ex('x()'), path: undefined },
    ]);
    expect(expressionsIn(`${ex('a')} and \${b`)).toEqual([
      { text: ex('a'), path: ['a'] },
      { text: '${b', path: undefined },
    ]);
    expect(expressionsIn('PT5M')).toEqual([]);
  });

  it('tells a timer that is one variable from anything else', () => {
    expect(isVariableExpression(ex('variables.delay'))).toBe(true);
    expect(isVariableExpression(` ${ex('delay')} `)).toBe(true);
    expect(isVariableExpression(`P${ex('days')}D`)).toBe(false);
    expect(isVariableExpression(ex('delay()'))).toBe(false);
    expect(isVariableExpression('PT5M')).toBe(false);
  });
});
