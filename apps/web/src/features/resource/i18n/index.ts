import { defineTexts } from '../../../shared/i18n/index.ts';
import { resource as enResource } from './en-US/resource.ts';
import { resource as zhResource } from './zh-CN/resource.ts';

/** The texts of storage, SMS and attachments: they load with the domain's screens (see ../routes.ts). */
export const resourceTexts = defineTexts({ ...zhResource }, { ...enResource });
export type ResourceTexts = typeof resourceTexts.zh;

declare module '../../../shared/i18n/index.ts' {
  interface TextCatalogue {
    resource: ResourceTexts;
  }
}
