/** Models that carry `${…}` where the engine would evaluate it: the attacks the model check and the engine refuse. */
import { bpmnXml } from '../bpmn.ts';

/** `${inside}` (written this way so no string literal holds a template placeholder). */
export const ex = (inside: string) => `\${${inside}}`;

/** Code for the Function constructor that marks the probe (no parentheses: the engine's argument parser stops there). */
export const marks = (mark: string) => `constructor('globalThis.expressionProbe.push\`${mark}\`')`;

const CAMUNDA = 'xmlns:camunda="http://camunda.org/schema/1.0/bpmn"';
/** A whole model (a modeller of another namespace declared too); `outside` goes before the process (a message). */
export const model = (key: string, body: string, outside = '') =>
  bpmnXml(key, key, body)
    .replace('xmlns:yuan=', `${CAMUNDA} xmlns:yuan=`)
    .replace('<process ', `${outside}<process `);
/** start → the element `id` → end. */
export const around = (inner: string, id: string) =>
  `<startEvent id="s" name="S" /><sequenceFlow id="f1" sourceRef="s" targetRef="${id}" />${inner}
   <sequenceFlow id="f2" sourceRef="${id}" targetRef="e" /><endEvent id="e" name="E" />`;
export const timer = (id: string, duration: string) =>
  `<intermediateCatchEvent id="${id}" name="Wait"><timerEventDefinition id="${id}_def"><timeDuration xsi:type="tFormalExpression">${duration}</timeDuration></timerEventDefinition></intermediateCatchEvent>`;
export const userTask = (id: string, attrs: string, inner = '') =>
  `<userTask id="${id}" name="Task" ${attrs}>${inner}</userTask>`;

/** The refusals as a caller reads them (zh). */
const NOT_VARIABLE = (element: string, attribute: string, expression: string) =>
  `流程元素 ${element} 的 ${attribute} 中的表达式 ${expression} 只能是流程变量名，如 starter 或 variables.delay`;
const NOT_ALLOWED = (element: string, attribute: string, expression: string) =>
  `流程元素 ${element} 的 ${attribute} 不能使用表达式 ${expression}：只有办理人、候选人和定时器可以引用流程变量`;

export const attacks: { what: string; xml: (key: string) => string; msg: string }[] = [
  {
    what: 'a host service called from a timer',
    xml: (k) => model(k, around(timer('wait', ex('environment.services.something()')), 'wait')),
    msg: NOT_VARIABLE('wait', 'timeDuration', ex('environment.services.something()')),
  },
  {
    what: 'process.exit() as an assignee',
    xml: (k) => model(k, around(userTask('u', `yuan:assignee="${ex('process.exit()')}"`), 'u')),
    msg: NOT_VARIABLE('u', 'yuan:assignee', ex('process.exit()')),
  },
  {
    what: 'a Function built from a string, in a candidate list',
    xml: (k) =>
      model(
        k,
        around(
          userTask('u', `yuan:candidateUsers="admin, ${ex("constructor.constructor('return process')()")}"`),
          'u',
        ),
      ),
    msg: NOT_VARIABLE('u', 'yuan:candidateUsers', ex("constructor.constructor('return process')()")),
  },
  {
    what: 'a Function a timer template would call',
    xml: (k) =>
      model(k, around(timer('wait', `P${ex(`environment.constructor.${marks('timer')}`)}D`), 'wait')),
    msg: NOT_VARIABLE('wait', 'timeDuration', ex(`environment.constructor.${marks('timer')}`)),
  },
  {
    what: 'an expression spelt with a character reference',
    xml: (k) => model(k, around(timer('wait', '&#36;{environment.services.x()}'), 'wait')),
    msg: NOT_VARIABLE('wait', 'timeDuration', ex('environment.services.x()')),
  },
  {
    what: "the engine's environment read as if it were a variable",
    xml: (k) => model(k, around(timer('wait', ex('environment.variables.delay')), 'wait')),
    msg: NOT_VARIABLE('wait', 'timeDuration', ex('environment.variables.delay')),
  },
  {
    what: 'a prototype reached through a variable',
    xml: (k) => model(k, around(userTask('u', `yuan:assignee="${ex('starter.constructor')}"`), 'u')),
    msg: NOT_VARIABLE('u', 'yuan:assignee', ex('starter.constructor')),
  },
  {
    what: 'an expression never closed',
    xml: (k) => model(k, around(userTask('u', 'yuan:assignee="${starter"'), 'u')),
    msg: NOT_VARIABLE('u', 'yuan:assignee', '${starter'),
  },
  {
    what: "a service task's implementation (the engine calls what it resolves to)",
    xml: (k) =>
      model(
        k,
        around(
          `<serviceTask id="svc" name="Svc" implementation="${ex('environment.services.record')}" />`,
          'svc',
        ),
      ),
    msg: NOT_ALLOWED('svc', 'implementation', ex('environment.services.record')),
  },
  {
    what: 'a message name (the engine resolves it when the message is sent)',
    xml: (k) =>
      model(
        k,
        around(
          '<intermediateThrowEvent id="send" name="Send"><messageEventDefinition messageRef="m" /></intermediateThrowEvent>',
          'send',
        ),
        `<message id="m" name="${ex('amount')}" />`,
      ),
    msg: NOT_ALLOWED('m', 'name', ex('amount')),
  },
  {
    what: 'a conditional event (its condition would run in the engine, not the sandbox)',
    xml: (k) =>
      model(
        k,
        around(
          `<intermediateCatchEvent id="cond" name="When"><conditionalEventDefinition><condition xsi:type="tFormalExpression">${ex('approved')}</condition></conditionalEventDefinition></intermediateCatchEvent>`,
          'cond',
        ),
      ),
    msg: NOT_ALLOWED('cond', 'condition', ex('approved')),
  },
  {
    what: 'a variable where no value is needed (the form page)',
    xml: (k) => model(k, around(userTask('u', `yuan:formPage="${ex('page')}"`), 'u')),
    msg: NOT_ALLOWED('u', 'yuan:formPage', ex('page')),
  },
  {
    what: 'an attribute of another namespace',
    xml: (k) => model(k, around(userTask('u', `camunda:assignee="${ex('environment.services.x()')}"`), 'u')),
    msg: NOT_ALLOWED('u', 'camunda:assignee', ex('environment.services.x()')),
  },
  {
    what: 'an extension element of another namespace',
    xml: (k) =>
      model(
        k,
        around(
          userTask(
            'u',
            '',
            `<extensionElements><camunda:inputOutput><camunda:inputParameter name="x">${ex('environment.services.x()')}</camunda:inputParameter></camunda:inputOutput></extensionElements>`,
          ),
          'u',
        ),
      ),
    msg: NOT_ALLOWED('u', 'camunda:inputParameter', ex('environment.services.x()')),
  },
  {
    what: "an element's name",
    xml: (k) => model(k, around(`<task id="named" name="Pay ${ex('amount')}" />`, 'named')),
    msg: NOT_ALLOWED('named', 'name', ex('amount')),
  },
];

/** Models as they might sit in the database from before the check; `mark` is what each leaves if let run. */
export const stored: { what: string; key: string; xml: string; mark: string }[] = [
  {
    what: 'a timer whose template calls a Function built from a string',
    key: 'storedTimer',
    xml: model(
      'storedTimer',
      around(timer('wait', `P${ex(`environment.constructor.${marks('timer')}`)}D`), 'wait'),
    ),
    mark: 'timer',
  },
  {
    what: 'a service task whose implementation resolves to such a Function',
    key: 'storedService',
    xml: model(
      'storedService',
      around(
        `<serviceTask id="svc" name="Svc" implementation="${ex(`environment.constructor.${marks('service')}`)}" />`,
        'svc',
      ),
    ),
    mark: 'service',
  },
  {
    what: "a message name reaching the Function through the context's own constructor",
    key: 'storedMessage',
    xml: model(
      'storedMessage',
      around(
        '<intermediateThrowEvent id="send" name="Send"><messageEventDefinition messageRef="m" /></intermediateThrowEvent>',
        'send',
      ),
      `<message id="m" name="x${ex(`constructor.${marks('message')}`)}" />`,
    ),
    mark: 'message',
  },
];
