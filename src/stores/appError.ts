/**
 * The app error shown as the seed's error screen: set by islands or by uncaught errors, cleared by the screen's
 * button (optionally going somewhere). Bots never see it: for them the error is only logged.
 */
import { atom } from 'nanostores';
import { isBot } from '../lib/bots.ts';

export interface AppError {
  status: number;
  /** Already translated, or absent (the screen falls back to its generic exclamation). */
  statusMessage?: string | undefined;
  message?: string | undefined;
}

export const $appError = atom<AppError | null>(null);

export function showAppError(error: AppError, userAgent = typeof navigator === 'undefined' ? '' : navigator.userAgent): void {
  if (isBot(userAgent)) {
    console.error('Foyer: an error was not shown to a bot:', error);
    return;
  }
  $appError.set(error);
}

/** Clears the error; with a redirect, leaves for that address (a full page load). */
export function clearAppError({ redirect }: { redirect?: string } = {}): void {
  $appError.set(null);
  if (redirect) location.assign(redirect);
}

const errorMessage = (reason: unknown) => (reason instanceof Error ? reason.message : typeof reason === 'string' ? reason : undefined);

let installed = false;

/** Uncaught errors and rejected promises become the app error (for people; bots only get a log line). */
export function catchUncaughtErrors(target: Pick<Window, 'addEventListener'> = window): void {
  if (installed) return;
  installed = true;
  target.addEventListener('error', (event) =>
    showAppError({ status: 500, message: errorMessage((event as ErrorEvent).error) ?? (event as ErrorEvent).message }),
  );
  target.addEventListener('unhandledrejection', (event) =>
    showAppError({ status: 500, message: errorMessage((event as PromiseRejectionEvent).reason) }),
  );
}
