import type { FlowTexts } from '../../i18n/index.ts';
import { SANDBOX_HUE, type SandboxMessages } from './sandboxBlocks.ts';

type Translate = (key: keyof FlowTexts) => string;

/** The labels of the sandbox blocks in the screen's language. */
export function sandboxMessages(t: Translate): SandboxMessages {
  return {
    dbQuery: t('flow.blockly.dbQuery'),
    dbQueryTip: t('flow.blockly.dbQueryTip'),
    httpFetch: t('flow.blockly.httpFetch'),
    httpFetchTip: t('flow.blockly.httpFetchTip'),
    httpBody: t('flow.blockly.httpBody'),
    httpStatus: t('flow.blockly.httpStatus'),
    httpAnswer: t('flow.blockly.httpAnswer'),
    log: t('flow.blockly.log'),
    logTip: t('flow.blockly.logTip'),
    param: t('flow.blockly.param'),
    paramTip: t('flow.blockly.paramTip'),
    userAccount: t('flow.blockly.userAccount'),
    userAccountTip: t('flow.blockly.userAccountTip'),
    returnValue: t('flow.blockly.return'),
    returnTip: t('flow.blockly.returnTip'),
    json: t('flow.blockly.json'),
    jsonTip: t('flow.blockly.jsonTip'),
  };
}

interface ToolboxBlock {
  kind: 'block';
  type: string;
  inputs?: Record<string, unknown>;
  fields?: Record<string, unknown>;
}

const block = (type: string, extra: Omit<ToolboxBlock, 'kind' | 'type'> = {}): ToolboxBlock => ({
  kind: 'block',
  type,
  ...extra,
});

/** An input pre-filled with a block that can be typed over or replaced (Blockly's shadow blocks). */
const shadow = (type: string, fields: Record<string, unknown>) => ({ shadow: { type, fields } });
const num = (value: number) => shadow('math_number', { NUM: value });
const str = (value: string) => shadow('text', { TEXT: value });

/**
 * The toolbox: the standard categories without the blocks that need a browser (alert, prompt), then the
 * service API. Inputs come pre-filled where a block is useless empty.
 */
export function toolbox(t: Translate) {
  const category = (name: keyof FlowTexts, colour: string, contents: ToolboxBlock[]) => ({
    kind: 'category',
    name: t(name),
    colour,
    contents,
  });
  return {
    kind: 'categoryToolbox',
    contents: [
      category('flow.blockly.logic', '%{BKY_LOGIC_HUE}', [
        block('controls_if'),
        block('logic_compare'),
        block('logic_operation'),
        block('logic_negate'),
        block('logic_boolean'),
        block('logic_null'),
        block('logic_ternary'),
      ]),
      category('flow.blockly.loops', '%{BKY_LOOPS_HUE}', [
        block('controls_repeat_ext', { inputs: { TIMES: num(10) } }),
        block('controls_whileUntil'),
        block('controls_for', { inputs: { FROM: num(1), TO: num(10), BY: num(1) } }),
        block('controls_forEach'),
        block('controls_flow_statements'),
      ]),
      category('flow.blockly.math', '%{BKY_MATH_HUE}', [
        block('math_number'),
        block('math_arithmetic', { inputs: { A: num(1), B: num(1) } }),
        block('math_single'),
        block('math_round'),
        block('math_on_list'),
        block('math_modulo', { inputs: { DIVIDEND: num(64), DIVISOR: num(10) } }),
        block('math_random_int', { inputs: { FROM: num(1), TO: num(100) } }),
      ]),
      category('flow.blockly.text', '%{BKY_TEXTS_HUE}', [
        block('text'),
        block('text_join'),
        block('text_length'),
        block('text_isEmpty'),
        block('text_indexOf'),
        block('text_getSubstring'),
        block('text_changeCase'),
        block('text_trim'),
      ]),
      category('flow.blockly.lists', '%{BKY_LISTS_HUE}', [
        block('lists_create_empty'),
        block('lists_create_with'),
        block('lists_length'),
        block('lists_isEmpty'),
        block('lists_indexOf'),
        block('lists_getIndex'),
        block('lists_setIndex'),
        block('lists_sort'),
      ]),
      {
        kind: 'category',
        name: t('flow.blockly.variables'),
        colour: '%{BKY_VARIABLES_HUE}',
        custom: 'VARIABLE',
      },
      category('flow.blockly.sandbox', String(SANDBOX_HUE), [
        block('yuan_return'),
        block('yuan_param'),
        block('yuan_user_account'),
        block('yuan_log', { inputs: { VALUE: str('') } }),
        block('yuan_db_query', { inputs: { ENTITY: str('') } }),
        block('yuan_json'),
        block('yuan_http_fetch', { inputs: { URL: str('https://') } }),
      ]),
    ],
  };
}
