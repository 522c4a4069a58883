/**
 * The sandbox's chaos profile at work (`serve --sandbox --chaos <preset-or-file>`): its network
 * for the delivery worker (network.ts), the faults of polls and permit searches, the visibility
 * horizon of polling (horizon.ts), and the figures of each organisation (ledger.ts) against where
 * its polling has reached. Exists only in the sandbox.
 */
import type { components } from '@street-events/types/operator';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/database.js';
import type { Clock } from '../../shared/clock.js';
import { notificationsCreated } from './created.js';
import { requestFault, type RequestFault } from './decisions.js';
import { headOf, visibilityHorizon } from './horizon.js';
import { ChaosLedger } from './ledger.js';
import { ChaosNetwork } from './network.js';
import type { ChaosProfile } from './presets.js';

type ChaosStatus = components['schemas']['InternalChaosStatus'];

/** The profile the sandbox runs under: its fields, its seed, and the preset's name when it is one. */
export interface ChaosSettings {
  profile: ChaosProfile;
  seed: number;
  preset?: string;
}

export class SandboxChaos {
  readonly ledger = new ChaosLedger();
  readonly network: ChaosNetwork;
  /** Polls and searches so far, by organisation: the n of each one's decision. */
  private readonly requests = new Map<string, number>();
  private readonly organisations = new Map<number, Promise<string>>();
  /** When the profile began: what was created before is none of its business. */
  private readonly since = new Date();

  constructor(
    private readonly db: Database,
    readonly settings: ChaosSettings,
    private readonly clock: Clock,
  ) {
    this.network = new ChaosNetwork({
      profile: settings.profile,
      seed: settings.seed,
      ledger: this.ledger,
      organisationOf: (id) => this.organisationOf(id),
    });
  }

  /** Whether the organisation's next poll or search is answered `503`, `429`, or normally. */
  fault(organisation: string): RequestFault {
    const nth = (this.requests.get(organisation) ?? 0) + 1;
    this.requests.set(organisation, nth);
    return requestFault(this.settings.profile, this.settings.seed, organisation, nth);
  }

  /** The last update_id polling shows now; undefined when it shows all (no lag, or nothing recorded). */
  readonly horizon = async (): Promise<number | undefined> => {
    const lagMs = this.settings.profile.visibility_lag_ms;
    if (lagMs === 0) return undefined;
    return (await visibilityHorizon(this.db, new Date(this.clock().getTime() - lagMs))) ?? undefined;
  };

  /** The profile, the seed, and per organisation what was sent against where its polling has reached. */
  async status(): Promise<ChaosStatus> {
    const horizon = (await this.horizon()) ?? null;
    const organisations = await Promise.all(
      this.ledger.all().map(async ({ visibility, pollerPosition, ...figures }) => {
        const head = visibility === undefined ? null : await headOf(this.db, visibility, horizon);
        const reached = head === null || (pollerPosition !== null && pollerPosition >= head);
        const caughtUp = visibility !== undefined && reached;
        const created = await notificationsCreated(this.db, figures.organisation, this.since);
        return { ...figures, created, poller_position: pollerPosition, head, caught_up: caughtUp };
      }),
    );
    const { profile, seed, preset } = this.settings;
    return { profile, seed, ...(preset === undefined ? {} : { preset }), organisations };
  }

  close(): void {
    this.network.close();
  }

  /** The name of a subscription's organisation, looked up once. */
  private organisationOf(subscriptionId: number): Promise<string> {
    let name = this.organisations.get(subscriptionId);
    if (name === undefined) {
      name = queryRows<{ name: string }>(
        this.db,
        sql`select o.name from subscriptions s join organisations o on o.id = s.organisation_id where s.id = ${subscriptionId}`,
      ).then(
        ([row]) => row?.name ?? `subscription ${subscriptionId}`,
        () => `subscription ${subscriptionId}`,
      );
      this.organisations.set(subscriptionId, name);
    }
    return name;
  }
}
