/**
 * Version selection, as decided in the documents: there is one `/v7/event` (with `/v7` its
 * deprecated alias), and it behaves as 7.7.
 * Every 7.x document names that base path on an absolute server URL (a host variable with a
 * default, so a document loaded from the npm package has a host), and each older document says
 * where the service goes beyond it (a Contractor without any active contract is refused with
 * 403; that refusal on every operation is tested in http/requests.test.ts).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { basePath, deprecatedBasePath } from '../../src/app.js';

interface Server {
  url: string;
  description: string;
  variables: Record<string, { default: string }>;
}
interface VersionDocument {
  info: { version: string };
  servers: Server[];
  components: { responses: Record<string, { description: string }> };
}

const versions = ['7.0', '7.1', '7.2', '7.3', '7.4', '7.5', '7.6', '7.7'];
const documentOf = (version: string): VersionDocument =>
  JSON.parse(
    readFileSync(fileURLToPath(import.meta.resolve(`@street-events/openapi/v${version}`)), 'utf8'),
  ) as VersionDocument;

/** The server URL with every variable at its default. */
const defaultUrl = ({ url, variables }: Server) =>
  url.replace(/\{(\w+)\}/g, (_, name: string) => variables[name]!.default);

describe('version selection', () => {
  it.each(versions)(
    'the %s document names the service’s base path on an absolute URL with a host variable',
    (version) => {
      const [server] = documentOf(version).servers;
      expect(server!.url).toContain('{host}');
      const url = new URL(defaultUrl(server!));
      expect([url.host, url.pathname]).toEqual(['localhost:8080', basePath]);
    },
  );

  it.each(versions)('the %s document names the earlier /v7 as a second server, marked deprecated', (version) => {
    const alias = documentOf(version).servers[1] as Server & { 'x-deprecated'?: boolean };
    expect([new URL(defaultUrl(alias)).pathname, alias['x-deprecated'], alias.description]).toEqual([
      deprecatedBasePath,
      true,
      expect.stringMatching(/^Deprecated/),
    ]);
  });

  it.each(versions.slice(0, -1))(
    'the %s document says that /v7 behaves as 7.7 and refuses contractors without contracts',
    (version) => {
      const document = documentOf(version);
      expect(document.servers[0]!.description).toMatch(
        /behaves as 7\.7.*Contractor without any active contract is refused with `403`/s,
      );
      expect(document.components.responses.Forbidden!.description).toMatch(
        /behaves as 7\.7.*Contractor\s+without any active contract/s,
      );
    },
  );

  it('the 7.7 document, the version served, needs no such note', () => {
    expect(documentOf('7.7').servers[0]!.description).not.toMatch(/behaves as/);
  });
});
