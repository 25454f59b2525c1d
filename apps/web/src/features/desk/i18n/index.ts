import { defineTexts } from '../../../shared/i18n/index.ts';
import { myNotice as enMyNotice } from './en-US/myNotice.ts';
import { myNotice as zhMyNotice } from './zh-CN/myNotice.ts';

/** The texts of the user's own notices: they load with the domain's screens (see ../routes.ts). */
export const deskTexts = defineTexts({ ...zhMyNotice }, { ...enMyNotice });
export type DeskTexts = typeof deskTexts.zh;

declare module '../../../shared/i18n/index.ts' {
  interface TextCatalogue {
    desk: DeskTexts;
  }
}
