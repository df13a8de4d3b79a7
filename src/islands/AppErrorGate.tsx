/**
 * What every island sits in: uncaught errors and rendering failures become the app error, and while one is set
 * the island shows the seed's error screen instead of itself (bots only get a log line; see stores/appError.ts).
 */
import { useStore } from '@nanostores/react';
import { useEffect, type ReactNode } from 'react';
import type { Translate } from '../lib/i18n/translate.ts';
import { $appError, catchUncaughtErrors } from '../stores/appError.ts';
import ErrorBoundary from './ErrorBoundary.tsx';
import ErrorScreen from './ErrorScreen.tsx';

export default function AppErrorGate({ t, children }: { t: Translate; children: ReactNode }) {
  const appError = useStore($appError);
  useEffect(() => catchUncaughtErrors(), []);
  if (appError) return <ErrorScreen t={t} path={location.pathname} {...appError} />;
  return <ErrorBoundary>{children}</ErrorBoundary>;
}
