import type { ResourceRules } from '../../../lib/crud/crud.service.ts';
import { DeployService } from './deploy.service.ts';

/**
 * A model's XML must be BPMN that parses; a draft may still break the model rules (it is being drawn), so a saved
 * model answers its findings for the modeller to show, and deploying refuses while there are errors.
 */
export const modelRules: ResourceRules = {
  async prepare(_ctx, values) {
    if (typeof values.xml === 'string') {
      await DeployService.check(values.xml);
    }
    return values;
  },
  async afterSave(_ctx, row) {
    const { errors, warnings } = await DeployService.check(String(row.xml ?? ''));
    return { ...row, lint: { errors, warnings } };
  },
};
