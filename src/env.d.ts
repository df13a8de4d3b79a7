declare module 'virtual:foyer/themes.css';

interface ImportMetaEnv {
  /** The id of the build this code belongs to (astro.config.mjs). */
  readonly FOYER_BUILD_ID: string;
  /** Whether the configuration has route rules (redirects) that client navigation must apply. */
  readonly FOYER_ROUTE_RULES: boolean;
}
