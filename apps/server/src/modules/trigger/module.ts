import { defineModule } from '../../lib/module/module.ts';
import { authModule } from '../auth/index.ts';
import { flowModule } from '../flow/index.ts';
import { lowcodeModule } from '../lowcode/index.ts';
import { TriggerDispatcher } from './dispatcher.ts';
import { TriggerRepo } from './trigger.repo.ts';
import { triggerRoutes } from './trigger.routes.ts';
import { TriggerService } from './trigger.service.ts';

/**
 * Triggers on data events (decision 0054): a change's revision notes the event in the outbox in the change's own
 * transaction; the job runner's round turns it into deliveries and attempts them after the commit.
 */
export const triggerModule = defineModule({
  name: 'trigger',
  needs: { auth: authModule, flow: flowModule, lowcode: lowcodeModule },
  build({ config, database, db, box, egress, jobs, log }, { auth, flow, lowcode }) {
    const repo = new TriggerRepo(db);
    const dispatcher = new TriggerDispatcher(
      database,
      repo,
      { actAs: auth.actAs, ...flow },
      egress,
      box,
      config.triggers.retrySeconds,
      log,
    );
    jobs.every('trigger-dispatch', config.triggers.pollMs, () => dispatcher.round(), { now: true });
    const triggers = new TriggerService(
      repo,
      {
        entityResource: async (ctx, entId) => (await lowcode.entityData.resolve(ctx, entId)).res,
        findService: (ctx, id) => flow.findService(ctx, id),
      },
      box,
      egress,
    );
    return {
      provides: { dispatcher, triggers },
      async register(app) {
        await app.register(triggerRoutes(triggers), { prefix: '/api/yuan-api' });
        app.addHook('onClose', () => dispatcher.settled());
      },
    };
  },
});
