import { paramResource } from './system/param.ts';

/** Every plain resource served by the generic CRUD (server) and shown by CrudPage (web). */
export const plainResources = [paramResource] as const;
