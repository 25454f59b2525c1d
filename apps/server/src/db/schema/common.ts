/** Column types every table shares. */
import type { ColumnType, Generated } from 'kysely';

/** bigint ids are read as decimal strings and may be written as strings. */
export type Id = string;
export type Ts = ColumnType<Date, Date | string | undefined, Date | string>;
export type Audit = {
  create_user: Id | null;
  create_dept: Id | null;
  create_time: Ts;
  update_user: Id | null;
  update_time: Ts;
  status: Generated<number>;
  is_deleted: Generated<number>;
};
