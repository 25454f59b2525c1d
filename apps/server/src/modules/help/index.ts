/** The help module's public face. */
export { helpModule } from './module.ts';
