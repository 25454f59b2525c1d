import * as Blockly from 'blockly/core';
// The standard blocks (logic, loops, math, text, lists, variables) with their JavaScript.
import 'blockly/blocks';
import { type JavascriptGenerator, javascriptGenerator, Order } from 'blockly/javascript';

/** The colour of the service API blocks in the toolbox and on the workspace. */
export const SANDBOX_HUE = 20;

/** The labels of the service API blocks, in the language of the screen (see blocklyTexts). */
export interface SandboxMessages {
  dbQuery: string;
  dbQueryTip: string;
  httpFetch: string;
  httpFetchTip: string;
  httpBody: string;
  httpStatus: string;
  httpAnswer: string;
  log: string;
  logTip: string;
  param: string;
  paramTip: string;
  userAccount: string;
  userAccountTip: string;
  returnValue: string;
  returnTip: string;
  json: string;
  jsonTip: string;
}

/** The names a script is given by the sandbox: a variable on the workspace never takes one of them. */
const SANDBOX_NAMES = 'params,user,db,http,log,notice,users';

const HTTP_METHODS = ['GET', 'POST', 'PUT', 'DELETE'];

/**
 * The blocks of the sandbox API. Their labels are Blockly messages (`%{BKY_…}`), read each time a block is made,
 * so the same definitions serve both languages.
 */
const BLOCKS = [
  {
    type: 'yuan_db_query',
    message0: '%{BKY_YUAN_DB_QUERY}',
    args0: [
      { type: 'input_value', name: 'ENTITY', check: 'String' },
      { type: 'input_value', name: 'FILTERS' },
    ],
    inputsInline: true,
    output: 'Array',
    colour: SANDBOX_HUE,
    tooltip: '%{BKY_YUAN_DB_QUERY_TIP}',
  },
  {
    type: 'yuan_http_fetch',
    message0: '%{BKY_YUAN_HTTP_FETCH}',
    args0: [
      { type: 'field_dropdown', name: 'METHOD', options: HTTP_METHODS.map((m) => [m, m]) },
      { type: 'input_value', name: 'URL', check: 'String' },
      { type: 'input_value', name: 'BODY' },
      {
        type: 'field_dropdown',
        name: 'PART',
        options: [
          ['%{BKY_YUAN_HTTP_BODY}', 'body'],
          ['%{BKY_YUAN_HTTP_STATUS}', 'status'],
          ['%{BKY_YUAN_HTTP_ANSWER}', 'answer'],
        ],
      },
    ],
    inputsInline: true,
    output: null,
    colour: SANDBOX_HUE,
    tooltip: '%{BKY_YUAN_HTTP_FETCH_TIP}',
  },
  {
    type: 'yuan_log',
    message0: '%{BKY_YUAN_LOG}',
    args0: [{ type: 'input_value', name: 'VALUE' }],
    previousStatement: null,
    nextStatement: null,
    colour: SANDBOX_HUE,
    tooltip: '%{BKY_YUAN_LOG_TIP}',
  },
  {
    type: 'yuan_param',
    message0: '%{BKY_YUAN_PARAM}',
    args0: [{ type: 'field_input', name: 'NAME', text: 'a' }],
    output: null,
    colour: SANDBOX_HUE,
    tooltip: '%{BKY_YUAN_PARAM_TIP}',
  },
  {
    type: 'yuan_user_account',
    message0: '%{BKY_YUAN_USER_ACCOUNT}',
    output: 'String',
    colour: SANDBOX_HUE,
    tooltip: '%{BKY_YUAN_USER_ACCOUNT_TIP}',
  },
  {
    type: 'yuan_return',
    message0: '%{BKY_YUAN_RETURN}',
    args0: [{ type: 'input_value', name: 'VALUE' }],
    previousStatement: null,
    colour: SANDBOX_HUE,
    tooltip: '%{BKY_YUAN_RETURN_TIP}',
  },
  {
    type: 'yuan_json',
    message0: '%{BKY_YUAN_JSON}',
    args0: [{ type: 'field_input', name: 'JSON', text: '{}' }],
    output: null,
    colour: SANDBOX_HUE,
    tooltip: '%{BKY_YUAN_JSON_TIP}',
  },
];

/** `params.a` for a name that is an identifier, `params["a b"]` for any other. */
export function paramAccess(name: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(name) ? `params.${name}` : `params[${JSON.stringify(name)}]`;
}

/** A JSON text as a JavaScript literal; text that is not JSON becomes null (the tooltip says so). */
export function jsonLiteral(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text));
  } catch {
    return 'null';
  }
}

/** The body of a request as the sandbox sends it: text as it is, anything else as JSON. */
function bodyCode(block: Blockly.Block, generator: JavascriptGenerator): string | null {
  const target = block.getInputTargetBlock('BODY');
  if (!target) {
    return null;
  }
  const code = generator.valueToCode(block, 'BODY', Order.NONE);
  const checks = target.outputConnection?.getCheck() ?? [];
  return checks.length === 1 && checks[0] === 'String' ? code : `JSON.stringify(${code})`;
}

const generators: Record<
  string,
  (block: Blockly.Block, generator: JavascriptGenerator) => string | [string, Order]
> = {
  yuan_db_query: (block, generator) => {
    const entity = generator.valueToCode(block, 'ENTITY', Order.NONE) || "''";
    const filters = generator.valueToCode(block, 'FILTERS', Order.NONE);
    return [`db.query(${entity}${filters ? `, ${filters}` : ''})`, Order.FUNCTION_CALL];
  },
  yuan_http_fetch: (block, generator) => {
    const url = generator.valueToCode(block, 'URL', Order.NONE) || "''";
    const method = JSON.stringify(block.getFieldValue('METHOD'));
    const body = bodyCode(block, generator);
    const call = `http.fetch(${url}, { method: ${method}${body ? `, body: ${body}` : ''} })`;
    const part = block.getFieldValue('PART');
    return part === 'answer' ? [call, Order.FUNCTION_CALL] : [`${call}.${part}`, Order.MEMBER];
  },
  yuan_log: (block, generator) => `log(${generator.valueToCode(block, 'VALUE', Order.NONE)});\n`,
  yuan_param: (block) => [paramAccess(String(block.getFieldValue('NAME'))), Order.MEMBER],
  yuan_user_account: () => ['user.account', Order.MEMBER],
  yuan_return: (block, generator) => {
    const value = generator.valueToCode(block, 'VALUE', Order.NONE);
    return value ? `return ${value};\n` : 'return;\n';
  },
  yuan_json: (block) => [jsonLiteral(String(block.getFieldValue('JSON'))), Order.ATOMIC],
};

/** Blockly's message names of the labels above. */
function blocklyMessages(texts: SandboxMessages): Record<string, string> {
  return {
    YUAN_DB_QUERY: texts.dbQuery,
    YUAN_DB_QUERY_TIP: texts.dbQueryTip,
    YUAN_HTTP_FETCH: texts.httpFetch,
    YUAN_HTTP_FETCH_TIP: texts.httpFetchTip,
    YUAN_HTTP_BODY: texts.httpBody,
    YUAN_HTTP_STATUS: texts.httpStatus,
    YUAN_HTTP_ANSWER: texts.httpAnswer,
    YUAN_LOG: texts.log,
    YUAN_LOG_TIP: texts.logTip,
    YUAN_PARAM: texts.param,
    YUAN_PARAM_TIP: texts.paramTip,
    YUAN_USER_ACCOUNT: texts.userAccount,
    YUAN_USER_ACCOUNT_TIP: texts.userAccountTip,
    YUAN_RETURN: texts.returnValue,
    YUAN_RETURN_TIP: texts.returnTip,
    YUAN_JSON: texts.json,
    YUAN_JSON_TIP: texts.jsonTip,
  };
}

let defined = false;

/**
 * Registers the sandbox blocks and their JavaScript (once per page: Blockly's registries are global) and sets
 * their labels, which may change with the language between two workspaces.
 */
export function defineSandboxBlocks(texts: SandboxMessages): void {
  Object.assign(Blockly.Msg, blocklyMessages(texts));
  if (defined) {
    return;
  }
  defined = true;
  Blockly.common.defineBlocksWithJsonArray(BLOCKS);
  for (const [type, generate] of Object.entries(generators)) {
    javascriptGenerator.forBlock[type] = generate;
  }
  javascriptGenerator.addReservedWords(SANDBOX_NAMES);
}

/** The script a workspace stands for: the body of the service's function. */
export function scriptOf(workspace: Blockly.Workspace): string {
  return javascriptGenerator.workspaceToCode(workspace);
}
