import { join } from 'node:path';
import { attachResource, ossResource, smsResource } from '@yuan/contract';
import { resourceCruds } from '../../lib/crud/resource-cruds.ts';
import { sealedFields } from '../../lib/crud/sealed-fields.ts';
import { defineModule } from '../../lib/module/module.ts';
import { systemModule } from '../system/index.ts';
import { enableRoutes } from './enable.routes.ts';
import { putFileRoutes } from './put-file.routes.ts';
import { sendMessageRoutes } from './send-message.routes.ts';
import { SmsService } from './sms-send.service.ts';
import { UploadService } from './upload.service.ts';

/** Storage (object stores, attachments, uploads) and SMS providers. */
export const resourceModule = defineModule({
  name: 'resource',
  needs: { system: systemModule },
  build({ config, database, db, counts, box, egress, restorers }, { system }) {
    const sms = new SmsService(database, config.smsEndpoints, box, egress);
    const cruds = resourceCruds(
      { db, counts, restorers },
      [
        [ossResource, sealedFields(box, ['secretKey'])],
        [smsResource, sealedFields(box, ['secretKey'])],
        [attachResource],
      ],
      system.dataScopes,
    );
    const uploads = new UploadService(database, join(config.dataDir, 'oss'), cruds.of('attach'), box, egress);
    return {
      provides: { sms },
      async register(app) {
        await cruds.register(app);
        await app.register(putFileRoutes(uploads), { prefix: '/api/yuan-resource/oss/endpoint' });
        await app.register(sendMessageRoutes(sms), { prefix: `${smsResource.basePath}/endpoint` });
        for (const res of [ossResource, smsResource]) {
          await app.register(enableRoutes(res, db), { prefix: res.basePath });
        }
      },
    };
  },
});
