/** Types for scripts/authEmulator.mjs (a plain script shared by npm start, npm test and tests). */
export declare const emulatorProject: string;
export declare const demoStaffLogin: { uid: string; email: string; password: string; displayName: string };
export declare function freePortBase(): Promise<number>;
export declare function startAuthEmulator(options?: {
  port?: number;
  dataDir?: string;
  pidFile?: string;
  log?: (line: string) => void;
}): Promise<{ host: string; stop(): Promise<void> }>;
export declare function ensureEmulatorUser(
  host: string,
  user: { uid: string; email: string; password: string; displayName: string; emailVerified?: boolean },
): Promise<void>;
