/**
 * The conversation a visitor asked to start whose e-mailed code this tab waits for (flows/session/chatStart.ts),
 * kept in sessionStorage so a reload of the widget's frame still asks for the code. Apart from the flow: the widget's
 * home reads it before anything else loads.
 */
export interface PendingStart {
  startId: string;
  email: string;
  /** ms since the epoch: the code stops working then. */
  expiresAt: number;
}

const pendingKey = 'foyer:chat-start';

function tabStorage(): Storage | undefined {
  try {
    return sessionStorage;
  } catch {
    return undefined;
  }
}

/** The start this tab waits a code for, unless it expired. */
export function pendingStart(now = Date.now()): PendingStart | undefined {
  try {
    const pending = JSON.parse(tabStorage()?.getItem(pendingKey) ?? 'null') as PendingStart | null;
    return pending && pending.expiresAt > now ? pending : undefined;
  } catch {
    return undefined;
  }
}

export function forgetPendingStart(): void {
  tabStorage()?.removeItem(pendingKey);
}

export function keepPendingStart(pending: PendingStart): void {
  tabStorage()?.setItem(pendingKey, JSON.stringify(pending));
}
