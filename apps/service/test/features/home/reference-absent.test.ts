/**
 * A service whose API reference is not built (here, its folder is an empty one): the start page
 * does not link it, and `/reference/` answers 404 in the error body, saying how to build it.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import type { ErrorResponse } from '@street-events/types';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { describeEachDatabase } from '../../support/databases.js';
import { documentSchema, startService, type RunningService } from '../../support/http.js';

const emptyFolder = vi.hoisted(() => ({ path: '' }));

vi.mock('../../../src/shared/service-files.js', async (importActual) => {
  const actual = await importActual<typeof import('../../../src/shared/service-files.js')>();
  return {
    serviceFiles: {
      ...actual.serviceFiles,
      get reference() {
        return emptyFolder.path;
      },
    },
  };
});

const isErrorBody = documentSchema<ErrorResponse>('ErrorResponse');

describeEachDatabase('a service without its API reference built', (database) => {
  let service: RunningService;
  let origin: string;

  beforeAll(async () => {
    emptyFolder.path = `${await mkdtemp(join(tmpdir(), 'street-events-no-reference-'))}${sep}`;
    service = await startService({ db: database.db, console: true });
    origin = new URL(service.baseUrl).origin;
  });
  afterAll(async () => {
    await service?.close();
    await rm(emptyFolder.path, { recursive: true, force: true });
  });

  it('serves the start page without a link to the reference', async () => {
    const page = await (await fetch(`${origin}/`)).text();
    expect(page).toContain('href="/console"');
    expect(page).not.toContain('/reference/');
  });

  it('answers /reference/ with 404 in the error body, naming how to build it', async () => {
    const response = await fetch(`${origin}/reference/`);
    expect(response.status).toBe(404);
    const body: unknown = await response.json();
    expect(isErrorBody(body)).toBe(true);
    expect((body as ErrorResponse).message).toContain('@street-events/docs');
  });
});
