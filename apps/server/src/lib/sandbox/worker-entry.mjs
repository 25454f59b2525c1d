// The sandbox worker's entry: a worker thread does not inherit the TypeScript loader, so it registers its own.
import { register } from 'tsx/esm/api';

register();
await import('./sandbox-worker.ts');
