import type { Kdb } from '../../db/index.ts';

export interface AttachRow {
  tenantId: string;
  id: string;
  link: string;
  name: string;
  originalName: string;
  extension: string;
  size: number;
  userId: string;
  deptId: string;
}

/** SQL of attachments recorded by uploads (the attachment screen itself is the generic resource). */
export class AttachRepo {
  constructor(private readonly db: Kdb) {}

  async insert(a: AttachRow): Promise<void> {
    await this.db
      .insertInto('yuan_attach')
      .values({
        tenant_id: a.tenantId,
        id: a.id,
        link: a.link,
        name: a.name,
        original_name: a.originalName,
        extension: a.extension,
        attach_size: a.size,
        create_user: a.userId,
        create_dept: a.deptId || null,
        update_user: a.userId,
      })
      .execute();
  }
}
