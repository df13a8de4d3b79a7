/** Types for scripts/childProcesses.mjs (helper processes that die with Foyer). */
import type { ChildProcess, SpawnOptions } from 'node:child_process';

export declare function reapLeftover(pidFile: string, options: { name: string; log?: (line: string) => void }): Promise<void>;
export declare function spawnHelper(args: string[], options?: SpawnOptions & { pidFile?: string }): ChildProcess;
