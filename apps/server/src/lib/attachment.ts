import type { FastifyReply } from 'fastify';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Answers `body` as a file to save under `name` (any characters: RFC 5987 `filename*`). */
export function sendAttachment(reply: FastifyReply, name: string, type: string, body: unknown) {
  return reply
    .header('content-type', type)
    .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(name)}`)
    .send(body);
}
