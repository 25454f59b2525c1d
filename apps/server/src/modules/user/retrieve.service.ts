import type { Language, PwdRetrieve } from '@yuan/contract';
import type { Database } from '../../db/index.ts';
import { writeRevisions } from '../../lib/crud/revisions.ts';
import { AppError } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/password.ts';
import type { AuthRepo } from '../auth/index.ts';
import type { VerifyCodeService } from '../auth/index.ts';
import type { MailService } from '../mail/index.ts';
import { PASSWORD, type UserService } from './user.service.ts';

/**
 * Password retrieval by an e-mailed code. Asking for a code answers alike whether the account exists or has an
 * address, so accounts cannot be probed; the mail goes out after the scope closed (the server may take seconds).
 */
export class RetrieveService {
  constructor(
    private readonly database: Database,
    private readonly repo: AuthRepo,
    private readonly codes: VerifyCodeService,
    private readonly mail: MailService,
    private readonly users: UserService,
  ) {}

  async sendCode(body: PwdRetrieve, ip: string, lang: Language): Promise<void> {
    this.mail.requireConfigured();
    const { tenantId, account } = body;
    const issued = await this.database.run({ tenantId }, async () => ({
      code: await this.codes.issue(tenantId, 'pwd-retrieve', account, ip),
      user: await this.repo.findUserByAccount(tenantId, account),
    }));
    if (!issued.user?.email) {
      return;
    }
    await this.mail.deliverCode(issued.user.email, issued.code, 'pwd-retrieve', lang);
  }

  async reset(body: PwdRetrieve & { code: string; newPassword: string }): Promise<void> {
    const { tenantId, account, code, newPassword } = body;
    // The try counts (and a right code is spent) even when the reset is then refused.
    const checked = await this.database.run({ tenantId }, async () => ({
      right: await this.codes.verify(tenantId, 'pwd-retrieve', account, code),
      user: await this.repo.findUserByAccount(tenantId, account),
    }));
    if (!checked.right || !checked.user) {
      throw new AppError(400, 'code.invalid');
    }
    const userId = checked.user.id;
    const hash = await hashPassword(newPassword);
    await this.database.run({ tenantId }, async () => {
      await this.database.db
        .updateTable('yuan_user')
        .set({ password: hash, update_time: new Date() })
        .where('tenant_id', '=', tenantId)
        .where('id', '=', userId)
        .execute();
      // The user changed it themself, signed out: the revision names them.
      const author = { tenantId, userId: String(userId), userName: account, requestId: undefined };
      await writeRevisions(this.database.db, author, 'user', 'update', [
        { rowId: String(userId), changes: PASSWORD },
      ]);
      await this.users.endSessions(tenantId, [userId]);
    });
  }
}
