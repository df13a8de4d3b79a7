/**
 * A module the island needs only sometimes (the staff inbox, the staff tools), imported once `needed` turns true and
 * held in state: it renders on the first render after it arrives. Not React.lazy: React 19 holds a Suspense boundary's
 * reveal back by up to 300 ms, which showed as much in the time to the inbox's first row. A failed import stays
 * unhandled, so the chunk-error reload (client/chunkErrors.ts) sees it.
 */
import { useEffect, useState } from 'react';

export function useLazyModule<T>(needed: boolean, load: () => Promise<T>): T | undefined {
  const [loaded, setLoaded] = useState<T | undefined>(undefined);
  useEffect(() => {
    if (!needed || loaded) return;
    void load().then((module) => setLoaded(() => module));
    // `load` is a fresh arrow on every render; the module behind it never changes.
  }, [needed, loaded]);
  return loaded;
}
