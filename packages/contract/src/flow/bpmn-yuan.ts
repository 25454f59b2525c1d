/**
 * The `yuan:` attributes a process model may carry, as a moddle descriptor (plain JSON): the modeller (bpmn-js
 * `moddleExtensions`) writes them and the server's engine reads them.
 * - user task: `assignee` (an account, or `${variable}`), `candidateUsers` (accounts, comma-separated),
 *   `candidateGroups` (role aliases or department ids, comma-separated), `formPage` (a designer page id whose form is
 *   filled on completion);
 * - service task: `service` (the path of a flow service run in the sandbox; its value becomes the task's output).
 * Sequence flow conditions (`conditionExpression` bodies such as `${amount > 100}` or `amount > 100`) are evaluated in
 * the sandbox with the instance's variables. Elsewhere `${…}` names a variable and stands only in the assignee, the
 * candidate lists and a timer (see bpmn-expressions.ts).
 */
export const YUAN_BPMN_URI = 'http://yuan-admin.dev/schema/bpmn';

export const yuanModdle = {
  name: 'Yuan',
  uri: YUAN_BPMN_URI,
  prefix: 'yuan',
  xml: { tagAlias: 'lowerCase' },
  associations: [],
  types: [
    {
      name: 'UserTaskAttrs',
      extends: ['bpmn:UserTask'],
      properties: [
        { name: 'assignee', isAttr: true, type: 'String' },
        { name: 'candidateUsers', isAttr: true, type: 'String' },
        { name: 'candidateGroups', isAttr: true, type: 'String' },
        { name: 'formPage', isAttr: true, type: 'String' },
      ],
    },
    {
      name: 'ServiceTaskAttrs',
      extends: ['bpmn:ServiceTask'],
      properties: [{ name: 'service', isAttr: true, type: 'String' }],
    },
  ],
};
