import { describe, expect, it } from 'vitest';
import {
  ExpressionRefused,
  fillVariables,
  resolveVariables,
  variableExpressions,
} from './variable-expressions.ts';

const ex = (inside: string) => `\${${inside}}`;

describe('expressions resolved at run time', () => {
  const variables = {
    starter: 'admin',
    delay: 'PT1S',
    count: 5,
    reviewers: ['bob', 'carol'],
    order: { amount: 250, customer: { name: 'ACME' } },
    price: '$& $1',
    when: new Date(0),
  };

  it('answers a variable’s own value for a text that is one expression, text for a template', () => {
    expect(resolveVariables(ex('count'), variables)).toBe(5);
    expect(resolveVariables(ex('variables.delay'), variables)).toBe('PT1S');
    expect(resolveVariables(ex('order.customer.name'), variables)).toBe('ACME');
    expect(resolveVariables(`P${ex('count')}D`, variables)).toBe('P5D');
    expect(resolveVariables(`${ex('missing')}-${ex('order.none.x')}`, variables)).toBe('-');
    expect(resolveVariables('PT5M', variables)).toBe('PT5M');
    // A value is put in as it is: replacement patterns of String.replace mean nothing here.
    expect(resolveVariables(`[${ex('price')}]`, variables)).toBe('[$& $1]');
    expect(fillVariables(`${ex('reviewers')}, dave`, variables)).toBe('bob,carol, dave');
  });

  it('reads own properties of plain data only', () => {
    expect(resolveVariables(ex('starter.length'), variables)).toBe(undefined);
    expect(resolveVariables(ex('order.toString'), variables)).toBe(undefined);
    expect(resolveVariables(ex('order.hasOwnProperty'), variables)).toBe(undefined);
    expect(resolveVariables(ex('when.getTime'), variables)).toBe(undefined);
    expect(resolveVariables(ex('fn'), { fn: () => 'called' })).toBe(undefined);
  });

  it.each([
    ex('environment.services.x()'),
    `P${ex("environment.constructor.constructor('globalThis.x=1')")}D`,
    ex("constructor.constructor('return process')()"),
    ex('order.constructor'),
    `ok ${ex('starter')} \${unclosed`,
  ])('refuses %s instead of evaluating it', (text) => {
    expect(() => resolveVariables(text, variables)).toThrow(ExpressionRefused);
  });

  it('is what the engine calls: the context’s environment variables, anything not text as it is', () => {
    const engine = variableExpressions((context) => context.environment?.variables ?? {});
    const context = { environment: { variables }, content: { id: 'x' } };
    expect(engine.resolveExpression(ex('delay'), context)).toBe('PT1S');
    expect(engine.resolveExpression(undefined, context)).toBe(undefined);
    expect(engine.resolveExpression('plain', context)).toBe('plain');
    expect(() => engine.resolveExpression(ex('content.id'), context)).toThrow(ExpressionRefused);
    expect(engine.hasExpression(`a ${ex('b')}`)).toBe(true);
    expect(engine.isExpression(ex('b'))).toBe(true);
  });
});
