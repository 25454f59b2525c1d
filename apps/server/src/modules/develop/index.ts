/** The develop module's public face. */
export { developModule } from './module.ts';
