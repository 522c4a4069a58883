/**
 * What the sandbox's chaos profile did, per organisation: the notifications of its subscription
 * sent, dropped, duplicated and delayed (each message counted once, whatever its attempts), and
 * where its polling has reached (the highest update_id a poll was answered with).
 */
import type { Visibility } from '../../directory/caller.js';

/** What is counted of a notification, once per message. */
export type NotificationFigure = 'sent' | 'dropped' | 'duplicated' | 'delayed';

export interface OrganisationFigures extends Record<NotificationFigure, number> {
  organisation: string;
  /** The highest update_id its polls were answered with; null before its first poll. */
  pollerPosition: number | null;
  /** What its polling shows (from its last poll); undefined before its first. */
  visibility: Visibility | undefined;
}

export class ChaosLedger {
  private readonly organisations = new Map<string, OrganisationFigures>();
  /** The figures each message still being sent has been counted in (see `settled`). */
  private readonly counted = new Map<string, Set<NotificationFigure>>();

  /** Counts `messageId` in `figure` of `organisation`, unless it already is. */
  count(organisation: string, messageId: string, figure: NotificationFigure): void {
    let figures = this.counted.get(messageId);
    if (figures === undefined) this.counted.set(messageId, (figures = new Set()));
    if (figures.has(figure)) return;
    figures.add(figure);
    this.of(organisation)[figure] += 1;
  }

  /**
   * Forgets `messageId`: its notification was delivered or dropped, so no attempt of it follows
   * (a replay is sent, and counted, again). What is kept is thus bounded by the messages in flight.
   */
  settled(messageId: string): void {
    this.counted.delete(messageId);
  }

  /** Records a poll of `organisation` answered up to `updateId` (null: nothing new shown). */
  polled(organisation: string, visibility: Visibility, updateId: number | null): void {
    const figures = this.of(organisation);
    figures.visibility = visibility;
    if (updateId !== null) figures.pollerPosition = Math.max(figures.pollerPosition ?? 0, updateId);
  }

  /** Every organisation sent a notification or polled, by name. */
  all(): OrganisationFigures[] {
    return [...this.organisations.values()].sort((a, b) => a.organisation.localeCompare(b.organisation));
  }

  private of(organisation: string): OrganisationFigures {
    let figures = this.organisations.get(organisation);
    if (figures === undefined) {
      figures = {
        organisation,
        sent: 0,
        dropped: 0,
        duplicated: 0,
        delayed: 0,
        pollerPosition: null,
        visibility: undefined,
      };
      this.organisations.set(organisation, figures);
    }
    return figures;
  }
}
