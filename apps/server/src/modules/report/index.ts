/** The report module's public face. */
export { reportModule } from './module.ts';
