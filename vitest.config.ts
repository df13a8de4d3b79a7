/// <reference types="vitest/config" />
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
  },
});
