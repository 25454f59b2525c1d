// `npm run cluster -- N`: N server processes on one PostgreSQL and one chain node, behind a round-robin proxy on
// PORT. Builds the web app first as `npm start` does (START_BUILD), then runs the cluster in this very process, so
// a stop signal reaches it without a relay in between (see scripts/start.mjs).
import { buildWebFirst } from './web-build.mjs';

await buildWebFirst();
const { register } = await import('tsx/esm/api');
register();
await import('./cluster-nodes.ts');
