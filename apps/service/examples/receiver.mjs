// A webhook receiver for the sandbox, with nothing but Node.js: it checks the signature of every
// request on the raw bytes of its body against the service's published keys, rejects stale
// timestamps, confirms its own subscription, accepts notifications only of the topics it confirmed
// (or lists in TOPIC_ARNS, comma-separated, for a restarted receiver), and prints each event once.
//
//   EVENTS_BASE_URL=https://localhost:8443/v7/event NODE_EXTRA_CA_CERTS=apps/service/.data/pglite/tls/ca.pem PORT=9000 node apps/service/examples/receiver.mjs
//
// then subscribe http://127.0.0.1:9000/hook (POST /v7/event/api-notifications/subscribe), or check
// it first: `npm run street-events -- verify-receiver http://127.0.0.1:9000/hook`. In an
// application, @street-events/client's createWebhookReceiver does all of this.
import { createPublicKey, verify } from 'node:crypto';
import { createServer } from 'node:http';

const serviceUrl = (process.env.EVENTS_BASE_URL ?? 'https://localhost:8443/v7/event').replace(/\/+$/, '');
const port = Number(process.env.PORT ?? 9000);
const toleranceSeconds = 5 * 60;

/** The largest body read: a notification is a few KiB; anything larger is refused unread. */
const maxBodyBytes = 256 * 1024;
/** Keys are fetched again for an unknown signature at most this often, so forged requests cannot make it fetch them each time. */
const keyRefreshMs = 30_000;

/** The service's public keys (JSON Web Keys, ed25519), by key id. */
let keys = new Map();
let keysFetchedAt = 0;

async function fetchKeys() {
  const response = await fetch(new URL('/.well-known/webhook-keys', serviceUrl));
  if (!response.ok) throw new Error(`GET /.well-known/webhook-keys answered ${response.status}`);
  const { keys: jwks } = await response.json();
  keys = new Map(jwks.map((jwk) => [jwk.kid, createPublicKey({ key: jwk, format: 'jwk' })]));
  keysFetchedAt = Date.now();
}

/** Whether one of the `v1a,<base64>` signatures is valid for one of the keys. */
function signedByService(content, signatures) {
  return signatures.some((signature) => {
    const [version, value] = signature.split(',');
    if (version !== 'v1a' || !value) return false;
    return [...keys.values()].some((key) => verify(null, content, key, Buffer.from(value, 'base64')));
  });
}

/** Why the request is not a genuine, fresh message from the service; undefined when it is. */
async function refusal(headers, rawBody) {
  const id = headers['webhook-id'];
  const timestamp = headers['webhook-timestamp'];
  const signature = headers['webhook-signature'];
  if (!id || !timestamp || !signature) return 'webhook-id, webhook-timestamp or webhook-signature missing';
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > toleranceSeconds)
    return 'timestamp more than five minutes away';
  // {webhook-id}.{webhook-timestamp}.{body}, the body exactly as received: never re-serialised JSON.
  const content = Buffer.concat([Buffer.from(`${id}.${timestamp}.`), rawBody]);
  const signatures = signature.split(' ');
  if (signedByService(content, signatures)) return undefined;
  if (Date.now() - keysFetchedAt < keyRefreshMs) return 'no valid signature';
  await fetchKeys(); // perhaps a key added since: look again, at most every 30 seconds
  return signedByService(content, signatures) ? undefined : 'no valid signature';
}

const seen = new Set();
/** The topics (subscriptions) whose notifications are taken: those confirmed here, and any listed. */
const topics = new Set((process.env.TOPIC_ARNS ?? '').split(',').filter(Boolean));
/** The topics whose SubscribeURL is being followed, with the link's answer to come. */
const confirming = new Map();

/** Handles a genuine message; answers the HTTP status to reply with. */
async function handle(message, id) {
  if (message.Type === 'SubscriptionConfirmation') {
    // Follow only the service's own link.
    if (!message.SubscribeURL.startsWith(`${serviceUrl}/`)) {
      console.log(`rejected a confirmation: unexpected SubscribeURL ${message.SubscribeURL}`);
      return 400;
    }
    const confirmation = fetch(message.SubscribeURL).then((answer) => answer.status);
    confirming.set(message.TopicArn, confirmation);
    try {
      const status = await confirmation;
      const confirmed = status >= 200 && status < 300;
      if (confirmed) topics.add(message.TopicArn);
      console.log(`subscription ${message.TopicArn} ${confirmed ? 'confirmed' : `not confirmed (${status})`}`);
    } finally {
      confirming.delete(message.TopicArn);
    }
    return 204;
  }
  if (message.Type === 'UnsubscribeConfirmation') {
    // Its SubscribeURL would subscribe again: not followed.
    topics.delete(message.TopicArn);
    console.log(`subscription ${message.TopicArn} ended`);
    return 204;
  }
  // A notification that overtakes its subscription's confirmation waits for the link's answer.
  await confirming.get(message.TopicArn)?.catch(() => undefined);
  if (!topics.has(message.TopicArn)) {
    console.log(`rejected a notification of ${message.TopicArn}: not a subscription of this receiver`);
    return 403;
  }
  if (seen.has(id)) return 204; // a message delivered again: handled already
  seen.add(id);
  const event = JSON.parse(message.Message);
  console.log(
    `${id} update ${event.update_id}: ${event.event_type} on ${event.work_reference_number ?? 'the organisation'}`,
  );
  return 204;
}

/** The body as JSON; undefined when it is not. */
function parsed(rawBody) {
  try {
    return JSON.parse(rawBody.toString('utf8'));
  } catch {
    return undefined;
  }
}

const server = createServer((request, response) => {
  const chunks = [];
  let received = 0;
  request.on('data', (chunk) => {
    received += chunk.length;
    if (received <= maxBodyBytes) return void chunks.push(chunk);
    if (!response.headersSent) response.writeHead(413, { connection: 'close' }).end(() => request.destroy());
  });
  request.on('end', async () => {
    if (response.headersSent) return;
    try {
      const rawBody = Buffer.concat(chunks);
      const reason = await refusal(request.headers, rawBody);
      if (reason) {
        console.log(`rejected a request: ${reason}`);
        response.writeHead(401).end();
        return;
      }
      const message = parsed(rawBody);
      if (message === undefined) {
        console.log('rejected a request: the body is not JSON');
        response.writeHead(400).end();
        return;
      }
      response.writeHead(await handle(message, request.headers['webhook-id'])).end();
    } catch (error) {
      console.log(`failed: ${error.message}`); // answered 500: the service delivers the message again later
      response.writeHead(500).end();
    }
  });
});

await fetchKeys();
server.listen(port, '127.0.0.1', () => {
  console.log(`receiving at http://127.0.0.1:${server.address().port}/hook, verified with the keys of ${serviceUrl}`);
});
