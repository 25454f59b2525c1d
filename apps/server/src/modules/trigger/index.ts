/** The trigger module's public face. */
export { triggerModule } from './module.ts';
