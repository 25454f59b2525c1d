/** The revision module's public face. */
export { revisionModule } from './module.ts';
