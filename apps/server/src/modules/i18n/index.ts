/** The i18n module's public face. */
export { i18nModule } from './module.ts';
