/** `GET /health`: `{"status":"ok"}` when the database answers. */
import type { FastifyPluginCallback } from 'fastify';
import type { Database } from '../../db/database.js';

export const healthRoutes: FastifyPluginCallback<{ db: Database }> = (app, { db }, done) => {
  app.get('/health', async (_request, reply) => {
    await db.execute('select 1');
    return reply.send({ status: 'ok' });
  });
  done();
};
