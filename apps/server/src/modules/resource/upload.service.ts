import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Database } from '../../db/index.ts';
import type { CrudService } from '../../lib/crud/crud.service.ts';
import type { Egress } from '../../lib/egress/egress.ts';
import { AppError } from '../../lib/errors.ts';
import { EXTENSIONS, MIME_TYPES, sniff } from '../../lib/file-type.ts';
import { nextId } from '../../lib/id.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import type { AuthContext } from '../../types.ts';
import { AttachRepo } from './attach.repo.ts';
import { enabledStorage, storeRemote } from './storage/remote-store.ts';

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

export interface Uploaded {
  link: string;
  domain: string;
  name: string;
  originalName: string;
  attachId: string;
}

/**
 * Stores one uploaded file and records it as an attachment, through the tenant's enabled storage (S3-compatible,
 * Aliyun OSS, Qiniu) or the local store (DATA_DIR/oss, served at /oss/) when none is enabled. The type is checked by
 * content against the extension; names on disk are generated, never taken from the client. Runs outside a request
 * scope: the storage service may take seconds, so only the short reads and the record hold the database.
 */
export class UploadService {
  private readonly attachments: AttachRepo;

  constructor(
    private readonly database: Database,
    private readonly ossDir: string,
    private readonly attach: CrudService,
    private readonly box: SecretBox,
    private readonly egress: Egress,
  ) {
    this.attachments = new AttachRepo(database.db);
  }

  async store(
    ctx: AuthContext,
    file: { data: Buffer; filename: string },
    avatar: boolean,
  ): Promise<Uploaded> {
    const refused = () => new AppError(400, avatar ? 'upload.avatar' : 'upload.type');
    const original = file.filename.slice(-255);
    const extension = (original.split('.').pop() ?? '').toLowerCase();
    const expected = EXTENSIONS[extension];
    if (!expected || file.data.length === 0 || sniff(file.data) !== expected) {
      throw refused();
    }
    if (avatar && expected !== 'png' && expected !== 'jpg') {
      throw refused();
    }
    const day = new Date().toISOString().slice(0, 10).replace(/-/g, '');
    const name = `${nextId()}${randomBytes(4).toString('hex')}.${extension}`;
    const { tenantId } = ctx;
    const storage = await this.database.run({ tenantId }, () =>
      enabledStorage(this.database, tenantId, this.box),
    );
    let link: string;
    if (storage) {
      link = await storeRemote(
        storage,
        `upload/${tenantId}/${day}/${name}`,
        file.data,
        MIME_TYPES[expected],
        this.egress,
      );
    } else {
      const dir = join(this.ossDir, tenantId, day);
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, name), file.data);
      link = `/oss/${tenantId}/${day}/${name}`;
    }
    const id = nextId();
    await this.database.run({ tenantId }, () =>
      this.attachments.insert({
        tenantId,
        id,
        link,
        name,
        originalName: original,
        extension,
        size: file.data.length,
        userId: ctx.userId,
        deptId: ctx.deptId,
      }),
    );
    this.attach.writtenElsewhere(ctx);
    return { link, domain: '', name, originalName: original, attachId: id };
  }
}
