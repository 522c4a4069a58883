/**
 * A hostile campaign against a running service: requests generated from the interface
 * document, the login document and the internal operator API's document (see requests.ts), sent a few at a time,
 * each answer judged (see judge.ts), counted by status, by kind of mutation and by verdict.
 */
import fc from 'fast-check';
import { basePath } from '../src/app.js';
import { loginBasePath } from '../src/features/login/plugin.js';
import { listOperations, loadDocument } from '../src/http/openapi.js';
import { loadLoginDocument, loadOperatorDocument, operatorBasePath } from '../src/shared/documents.js';
import { judgeOf, send, type Verdict } from './judge.js';
import { hostileRequestArbitrary, type HostileRequest } from './requests.js';
import { audienceOf, type World } from './world.js';

export interface Failure {
  verdict: Verdict;
  kind: string;
  operationId: string;
  request: string;
  answer: string | undefined;
}

export interface CampaignResult {
  requests: number;
  byStatus: Record<string, number>;
  byKind: Record<string, number>;
  byVerdict: Record<Verdict, number>;
  failures: Failure[];
}

/**
 * Requests of the given kinds against the interface under `/v7/event`, login under `/v7` and
 * (unless `publishedOnly`) the operator API under `/internal`.
 */
export function campaignArbitrary(
  world: World,
  kinds?: readonly string[],
  publishedOnly = false,
): fc.Arbitrary<HostileRequest> {
  const published = loadDocument();
  const login = loadLoginDocument();
  const internal = loadOperatorDocument();
  const interfaceRequests = hostileRequestArbitrary(
    published,
    listOperations(published),
    audienceOf(world, basePath),
    kinds,
  );
  const loginRequests = hostileRequestArbitrary(login, listOperations(login), audienceOf(world, loginBasePath), kinds);
  if (publishedOnly)
    return fc.oneof({ weight: 3, arbitrary: interfaceRequests }, { weight: 1, arbitrary: loginRequests });
  return fc.oneof(
    { weight: 3, arbitrary: interfaceRequests },
    { weight: 1, arbitrary: loginRequests },
    {
      weight: 1,
      arbitrary: hostileRequestArbitrary(
        internal,
        listOperations(internal),
        audienceOf(world, operatorBasePath()),
        kinds,
      ),
    },
  );
}

const judge = judgeOf(loadOperatorDocument());

/** Sends one request and judges its answer. */
export async function attempt(
  origin: URL,
  request: HostileRequest,
): Promise<{ status: string; verdict: Verdict; answer: string | undefined }> {
  const answer = await send(origin, request.bytes);
  return {
    status: answer ? String(answer.status) : 'none',
    verdict: judge(answer),
    answer: answer?.body.slice(0, 500),
  };
}

const bump = (counts: Record<string, number>, key: string) => (counts[key] = (counts[key] ?? 0) + 1);

/** Sends `count` requests drawn with `seed`, `concurrency` at a time. */
export async function runCampaign(
  origin: URL,
  world: World,
  options: { count: number; seed: number; concurrency: number },
): Promise<CampaignResult> {
  const requests = fc.sample(campaignArbitrary(world), { numRuns: options.count, seed: options.seed });
  const result: CampaignResult = {
    requests: requests.length,
    byStatus: {},
    byKind: {},
    byVerdict: { ok: 0, 'server-error': 0, 'undocumented-error-body': 0, unanswered: 0 },
    failures: [],
  };
  let next = 0;
  const worker = async () => {
    while (next < requests.length) {
      const request = requests[next++]!;
      const { status, verdict, answer } = await attempt(origin, request);
      bump(result.byStatus, status);
      bump(result.byKind, request.kind);
      result.byVerdict[verdict] += 1;
      if (verdict !== 'ok') {
        result.failures.push({
          verdict,
          kind: request.kind,
          operationId: request.operationId,
          request: request.bytes.subarray(0, 300).toString('utf8'),
          answer,
        });
      }
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  return result;
}
