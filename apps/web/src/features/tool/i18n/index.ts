import { defineTexts } from '../../../shared/i18n/index.ts';
import { codeGenerator as enCodeGenerator } from './en-US/codeGenerator.ts';
import { codeGenerator as zhCodeGenerator } from './zh-CN/codeGenerator.ts';

/** The texts of code generator and datasource test: they load with the domain's screens (see ../routes.ts). */
export const toolTexts = defineTexts({ ...zhCodeGenerator }, { ...enCodeGenerator });
export type ToolTexts = typeof toolTexts.zh;

declare module '../../../shared/i18n/index.ts' {
  interface TextCatalogue {
    tool: ToolTexts;
  }
}
