/** The flow module's public face. */
export { flowModule } from './module.ts';
