/// <reference types="vitest/config" />
import { availableParallelism } from 'node:os';
import { getViteConfig } from 'astro/config';

// Astro's Vite setup, so units can import modules that use import.meta.glob and astro:* modules.
export default getViteConfig({
  test: {
    include: ['src/**/*.test.ts', 'tests/unit/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/setup/database.ts'],
    // Opening databases and spawning builds take seconds under load; no unit here is a timing test.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // One file per core, not Vitest's one less: most files wait on servers, databases and child processes rather
    // than compute, so on two cores a second worker nearly halves the run (336 s → 204 s for the 119 files).
    maxWorkers: availableParallelism(),
  },
});
