/** Server log lines: one shape everywhere, quiet in tests unless asked for. */
export interface Log {
  info(message: string): void;
  warn(message: string): void;
  error(message: string, error?: unknown): void;
}

export const consoleLog: Log = {
  info: (message) => console.log(message),
  warn: (message) => console.warn(message),
  error: (message, error) => console.error(message, error ?? ''),
};

export const silentLog: Log = { info: () => {}, warn: () => {}, error: () => {} };
