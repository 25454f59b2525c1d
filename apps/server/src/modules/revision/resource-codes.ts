import { revisedResources, screenCodes } from '@yuan/contract';

/** What a resource code (`param`, `user`, `ent_<entity id>`, as data scopes name them) stands for. */
export interface CodedResource {
  /** The screens that show its rows (any one will do). */
  screens: string[];
  /** The table of its rows. */
  table: string;
  tenantScoped: boolean;
}

const ENTITY = /^ent_([0-9]{1,19})$/;
const ENTITY_SCREENS = ['entityData', 'entity'];
const PLAIN = new Map<string, CodedResource>(
  revisedResources.map((res) => [
    res.name,
    {
      screens: screenCodes(res),
      table: res.table,
      tenantScoped: res.tenantScoped === true,
    },
  ]),
);

/** The resource a code names: a plain resource's, or an entity's rows; undefined for a code nobody declares. */
export function resourceOfCode(code: unknown): CodedResource | undefined {
  if (typeof code !== 'string') {
    return undefined;
  }
  const entity = ENTITY.exec(code);
  return entity
    ? { screens: ENTITY_SCREENS, table: `yuan_ent_${entity[1]}`, tenantScoped: true }
    : PLAIN.get(code);
}
