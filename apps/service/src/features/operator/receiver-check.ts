/**
 * The receiver check in the operator API (`checkReceiver`, tag `deliveries`): the endpoint checked
 * as a subscription's is, the checks run (deliveries/receiver-check), the scorecard answered with
 * a link to the docs of each check. A caller runs one check at a time.
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
import { RateLimitedError, ValidationError } from '../../shared/errors.js';
import { checkSubscribedEndpoint } from '../../subscriptions/endpoint.js';
import { newSubscriptionReference, type SubscriptionOptions } from '../../subscriptions/subscribe.js';

type Schemas = components['schemas'];

/** How deliveries sign and time their attempts, which the check does alike. */
export interface ReceiverCheckSettings {
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

export const receiverCheckRoutes: FastifyPluginCallback<ReceiverCheckRoutesOptions> = (app, options, done) => {
  const { db, settings } = options;
  const running = new Set<string>();
  serveOperatorDocument(app, {
    checkReceiver: async ({ caller, body }) => {
      await checkSubscribedEndpoint(body.endpoint, options.policy, options.resolve, 'endpoint');
      if (body.service_url !== undefined && !/^https?:$/.test(new URL(body.service_url).protocol)) {
        throw new ValidationError('service_url must be an http or https URL', 'service_url', { rule: 'format' });
      }
      if (running.has(caller.username))
        throw new RateLimitedError('a receiver check of yours is running; wait for it', 5);
      running.add(caller.username);
      try {
        const serviceUrl = (body.service_url ?? options.publicBaseUrl()).replace(/\/+$/, '');
        const subscriptionReference = body.subscription_reference_number ?? newSubscriptionReference();
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
