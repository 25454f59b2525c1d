import * as Blockly from 'blockly/core';
import * as En from 'blockly/msg/en';
import { beforeAll, describe, expect, it } from 'vitest';
import { flowTexts } from '../../i18n/index.ts';
import { defineSandboxBlocks, jsonLiteral, paramAccess, scriptOf } from './sandboxBlocks.ts';
import { sandboxMessages } from './toolbox.ts';

type BlockState = Record<string, unknown>;

const number = (value: number): BlockState => ({ block: { type: 'math_number', fields: { NUM: value } } });
const text = (value: string): BlockState => ({ block: { type: 'text', fields: { TEXT: value } } });

/** The script of a workspace made of these top blocks, built without a page (as the server never sees one). */
function codeOf(...blocks: BlockState[]): string {
  const workspace = new Blockly.Workspace();
  try {
    Blockly.serialization.workspaces.load({ blocks: { languageVersion: 0, blocks } }, workspace);
    return scriptOf(workspace);
  } finally {
    workspace.dispose();
  }
}

const returning = (value: BlockState): BlockState => ({ type: 'yuan_return', inputs: { VALUE: value } });

beforeAll(() => {
  Blockly.setLocale(En as unknown as Record<string, string>);
  defineSandboxBlocks(sandboxMessages((key) => flowTexts.en[key]));
});

describe('the service API blocks', () => {
  it('return a product as the function result', () => {
    const product = {
      block: { type: 'math_arithmetic', fields: { OP: 'MULTIPLY' }, inputs: { A: number(6), B: number(7) } },
    };
    expect(codeOf(returning(product))).toBe('return 6 * 7;\n');
  });

  it('query an entity, with or without filters, and log', () => {
    const query = (filters?: BlockState): BlockState => ({
      block: {
        type: 'yuan_db_query',
        inputs: { ENTITY: text('ticket'), ...(filters ? { FILTERS: filters } : {}) },
      },
    });
    const filters = { block: { type: 'yuan_json', fields: { JSON: '{ "title": "printer" }' } } };
    const log = { type: 'yuan_log', inputs: { VALUE: query() }, next: { block: returning(query(filters)) } };
    expect(codeOf(log)).toBe(
      'log(db.query(\'ticket\'));\nreturn db.query(\'ticket\', {"title":"printer"});\n',
    );
  });

  it('call a URL with a method and a body, text as it is and other values as JSON', () => {
    const fetch = (body: BlockState | null, part: string): BlockState =>
      returning({
        block: {
          type: 'yuan_http_fetch',
          fields: { METHOD: 'POST', PART: part },
          inputs: { URL: text('https://example.com/a'), ...(body ? { BODY: body } : {}) },
        },
      });
    expect(codeOf(fetch(text('hi'), 'body'))).toBe(
      "return http.fetch('https://example.com/a', { method: \"POST\", body: 'hi' }).body;\n",
    );
    expect(codeOf(fetch(number(1), 'status'))).toBe(
      'return http.fetch(\'https://example.com/a\', { method: "POST", body: JSON.stringify(1) }).status;\n',
    );
    expect(codeOf(fetch(null, 'answer'))).toBe(
      'return http.fetch(\'https://example.com/a\', { method: "POST" });\n',
    );
  });

  it('read a parameter and the caller, and name variables apart from the sandbox', () => {
    const param = { block: { type: 'yuan_param', fields: { NAME: 'a' } } };
    const pair = {
      block: {
        type: 'lists_create_with',
        extraState: { itemCount: 2 },
        inputs: { ADD0: param, ADD1: { block: { type: 'yuan_user_account' } } },
      },
    };
    expect(codeOf(returning(pair))).toBe('return [params.a, user.account];\n');
    const workspace = new Blockly.Workspace();
    Blockly.serialization.workspaces.load(
      {
        variables: [{ name: 'params', id: 'v1' }],
        blocks: {
          languageVersion: 0,
          blocks: [{ type: 'variables_set', fields: { VAR: { id: 'v1' } }, inputs: { VALUE: number(1) } }],
        },
      },
      workspace,
    );
    expect(scriptOf(workspace)).toBe('var params2;\n\n\nparams2 = 1;\n');
    workspace.dispose();
  });

  it('leave an empty workspace empty and a bare return bare', () => {
    expect(codeOf()).toBe('');
    expect(codeOf({ type: 'yuan_return' })).toBe('return;\n');
  });
});

describe('the helpers of the generated code', () => {
  it('write a parameter name as a property or a quoted key', () => {
    expect(paramAccess('userNo')).toBe('params.userNo');
    expect(paramAccess('user no')).toBe('params["user no"]');
  });

  it('write JSON text compactly and anything else as null', () => {
    expect(jsonLiteral('[1, {"a": true}]')).toBe('[1,{"a":true}]');
    expect(jsonLiteral('{a: 1}')).toBe('null');
  });
});
