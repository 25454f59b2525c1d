import { type Resource, screenCodes } from '@yuan/contract';
import type { AuthContext } from '../../types.ts';
import type { CrudService } from './crud.service.ts';
import type { Row } from './crud-query.ts';
import { parseOrRefuse, pick } from './parse-or-refuse.ts';

/** How the rows of one resource code are put back in an earlier state: with today's definition and rules. */
export interface Restorer {
  /** The buttons that allow changing its rows (any one will do). */
  editCodes: readonly string[];
  /** The resource as it is declared today. */
  resource(ctx: AuthContext): Promise<Resource>;
  /** The row as a read answers it; not found when the caller cannot see it. */
  detail(ctx: AuthContext, id: string): Promise<Row>;
  /**
   * Checks a whole row as its form would and writes the `only` fields of it (a row read back and posted whole may
   * differ from the stored one where nothing changed, e.g. an empty text for none), every rule of today applied and
   * its own revision written.
   */
  save(ctx: AuthContext, body: Row, only: readonly string[]): Promise<unknown>;
}

/**
 * The restorers of one app by resource code, as revisions name resources: the modules that own rows add theirs
 * (a plain resource's generic CRUD, or a family such as `ent_<entity id>`), and the revision module asks here.
 */
export class Restorers {
  private readonly named = new Map<string, Restorer>();
  private readonly families: ((code: string) => Restorer | undefined)[] = [];

  /** A plain resource's generic CRUD: the edit buttons of every screen managing it; its form checks the body. */
  crud(res: Resource, service: CrudService): void {
    if (res.readOnly) {
      return;
    }
    this.named.set(res.name, {
      editCodes: screenCodes(res, '_edit'),
      resource: async () => res,
      detail: (ctx, id) => service.detail(ctx, id),
      save: (ctx, body, only) => service.submit(ctx, pick(parseOrRefuse(res.form, body) as Row, only), 'id'),
    });
  }

  /** Codes resolved on demand (e.g. an entity's rows, `ent_<id>`): `of` answers undefined for a code not its own. */
  family(of: (code: string) => Restorer | undefined): void {
    this.families.push(of);
  }

  of(code: string): Restorer | undefined {
    const named = this.named.get(code);
    if (named) {
      return named;
    }
    for (const of of this.families) {
      const found = of(code);
      if (found) {
        return found;
      }
    }
    return undefined;
  }
}
