/**
 * The receiver check in the operator API (`checkReceiver`, tag `deliveries`): the endpoint checked
 * as a subscription's is, the checks run (deliveries/receiver-check), the scorecard answered with
 * a link to the docs of each check. A caller runs one check at a time. What the check sends names
 * nothing the caller does not own: a subscription reference given must be one of the caller's
 * organisation (another's is answered as an unknown one, `404`), and its links are on the
 * service's own URL (receiver-check-url.ts).
 */
import type { FastifyPluginCallback } from 'fastify';
import type { components } from '@street-events/types/operator';
import type { Database } from '../../db/database.js';
import type { AttemptOptions } from '../../deliveries/attempts/attempt.js';
import { topicArnOf } from '../../deliveries/messages/messages.js';
import type { SignatureVersion } from '../../deliveries/messages/pubsub-signature.js';
import { checkReceiver, type CheckVerdict } from '../../deliveries/receiver-check/battery.js';
import type { ServedCertificate } from '../../deliveries/receiver-check/certificate-host.js';
import { serveOperatorDocument } from '../../http/interface.js';
import { referenceSite } from '../../shared/documents.js';
import type { Caller } from '../../directory/caller.js';
import { NotFoundError, RateLimitedError, ValidationError } from '../../shared/errors.js';
import { checkSubscribedEndpoint } from './endpoint.js';
import { isSubscriptionOf } from './operator.js';
import { receiverCheckBaseUrl } from './receiver-check-url.js';
import { newSubscriptionReference, type SubscriptionOptions } from './subscribe.js';

type Schemas = components['schemas'];

/** How deliveries sign and time their attempts, which the check does alike; how else the service is reached. */
export interface ReceiverCheckSettings {
  /** The interface's base URLs at the addresses the service listens on (a `service_url` may name one); none by default. */
  listening?: () => readonly string[];
  /** Other host names the service answers to (the sandbox's `SANDBOX_HOSTS`); none by default. */
  hosts?: readonly string[];
  signatureVersion: SignatureVersion;
  /** The service's HTTPS certificate, when it serves HTTPS (see certificate-host.ts). */
  tls?: ServedCertificate;
  attempt: Pick<AttemptOptions, 'connectTimeoutMs' | 'responseTimeoutMs'> & { timeoutMs: number };
}

export interface ReceiverCheckRoutesOptions extends SubscriptionOptions {
  db: Database;
  settings: ReceiverCheckSettings;
}

/** Where the docs explain a check: its row in the sandbox guide's table of checks. */
const docsOf = (check: CheckVerdict['check']) => `${referenceSite}sandbox.html#check-${check}`;

/**
 * The subscription whose `TopicArn` the check's messages carry: a new reference by default; one
 * given only when it is a subscription of the caller's organisation. Any other, unknown or
 * another organisation's, is `404` in the same words, so the answer never tells whether it exists.
 */
async function topicOfCheck(db: Database, caller: Caller, given: string | undefined): Promise<string> {
  if (given === undefined) return newSubscriptionReference();
  if (await isSubscriptionOf(db, given, caller.organisation.id)) return given;
  throw new NotFoundError(
    `${caller.organisation.name} has no subscription ${given}: a check uses a subscription of the caller's organisation, or a new reference`,
    'subscription_reference_number',
  );
}

export const receiverCheckRoutes: FastifyPluginCallback<ReceiverCheckRoutesOptions> = (app, options, done) => {
  const { db, settings } = options;
  const running = new Set<string>();
  serveOperatorDocument(app, {
    checkReceiver: async ({ caller, body }) => {
      await checkSubscribedEndpoint(body.endpoint, options.policy, options.resolve, 'endpoint');
      if (body.service_url !== undefined && !/^https?:$/.test(new URL(body.service_url).protocol)) {
        throw new ValidationError('service_url must be an http or https URL', 'service_url', { rule: 'format' });
      }
      const serviceUrl = receiverCheckBaseUrl(body.service_url, {
        publicBaseUrl: options.publicBaseUrl(),
        listening: settings.listening?.() ?? [],
        hosts: settings.hosts ?? [],
      });
      const subscriptionReference = await topicOfCheck(db, caller, body.subscription_reference_number);
      if (running.has(caller.username))
        throw new RateLimitedError('a receiver check of yours is running; wait for it', 5);
      running.add(caller.username);
      try {
        const style = body.style ?? 'service';
        const verdicts = await checkReceiver({
          db,
          endpoint: body.endpoint,
          style,
          serviceUrl,
          subscriptionReference,
          otherReference: newSubscriptionReference(),
          signatureVersion: settings.signatureVersion,
          tls: settings.tls,
          attempt: { ...settings.attempt, policy: options.policy, resolve: options.resolve },
        });
        const scorecard: Schemas['InternalReceiverScorecard'] = {
          endpoint: body.endpoint,
          style,
          service_url: serviceUrl,
          topic_arn: topicArnOf(subscriptionReference),
          passed: verdicts.every((verdict) => verdict.passed),
          checks: verdicts.map((verdict) => ({ ...verdict, docs: docsOf(verdict.check) })),
        };
        return { status: 200, body: scorecard };
      } finally {
        running.delete(caller.username);
      }
    },
  });
  done();
};
