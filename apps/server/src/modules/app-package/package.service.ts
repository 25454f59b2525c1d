import type { AppPackageFile, AppPackagePreview, Language } from '@yuan/contract';
import { AppError } from '../../lib/errors.ts';
import { nextId } from '../../lib/id.ts';
import type { AuthContext } from '../../types.ts';
import type { InScope } from '../lowcode/index.ts';
import { checkConfirmToken, confirmToken, readPackage } from './package-file.ts';
import type { PackageExport } from './package-export.ts';
import { type ImportDeps, type ImportOutcome, PackageImport } from './package-import.ts';

/** Thrown at the end of a preview's unit so that it takes nothing: it carries what the import would do. */
class DryRun extends Error {
  constructor(readonly outcome: ImportOutcome) {
    super('dry run');
  }
}

/** Export, preview (the import run in a unit that is rolled back) and the import itself, all or nothing. */
export class PackageService {
  constructor(
    private readonly exporter: PackageExport,
    private readonly deps: ImportDeps,
    private readonly inScope: InScope,
    private readonly secret: Uint8Array,
  ) {}

  exportFile(ctx: AuthContext, entIds: string[], withData: boolean): Promise<AppPackageFile> {
    return this.exporter.build(ctx, entIds, withData);
  }

  async preview(ctx: AuthContext, lang: Language, text: string): Promise<AppPackagePreview> {
    const file = readPackage(text);
    try {
      await this.inScope(ctx, async () => {
        throw new DryRun(await new PackageImport(this.deps, ctx, lang, true).run(file));
      });
    } catch (error) {
      if (!(error instanceof DryRun)) {
        throw error;
      }
      const { counts: _counts, ...outcome } = error.outcome;
      const clean = outcome.conflicts.length === 0;
      return {
        ...outcome,
        confirmToken: clean ? confirmToken(this.secret, ctx.tenantId, ctx.userId, file.checksum) : '',
      };
    }
    throw new AppError(500, 'error.internal');
  }

  async import(
    ctx: AuthContext,
    lang: Language,
    text: string,
    token: string,
    fileName: string,
  ): Promise<ImportOutcome['counts']> {
    const file = readPackage(text);
    checkConfirmToken(this.secret, token, ctx.tenantId, ctx.userId, file.checksum);
    return this.inScope(ctx, async () => {
      const { counts } = await new PackageImport(this.deps, ctx, lang).run(file);
      await this.deps.repo.addImport({
        id: nextId(),
        tenantId: ctx.tenantId,
        fileName,
        checksum: file.checksum,
        sourceTenant: String(file.source?.tenantId ?? ''),
        counts,
        userId: ctx.userId,
      });
      return counts;
    });
  }
}
