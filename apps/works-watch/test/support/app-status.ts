/** The app's own account of its state, as its page reads it (`GET /api/works`). */
import type { StoreCounts, StoredWork } from '../../src/store/store.js';

export interface AppPicture {
  status: {
    cursor: number | null;
    counts: StoreCounts;
    reconciler: { running: boolean; lastError: string | null };
    subscription: { state: string };
  };
  works: StoredWork[];
}

export async function appPicture(appUrl: string, limit = 50): Promise<AppPicture> {
  const response = await fetch(`${appUrl}/api/works?limit=${limit}`);
  if (!response.ok) throw new Error(`GET /api/works answered ${response.status}`);
  return (await response.json()) as AppPicture;
}
