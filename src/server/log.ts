/**
 * Server log lines: one shape everywhere, quiet in tests unless asked for. In production (or LOG_FORMAT=json) each
 * line is a JSON object (pino), with the request's id where there is one, for a log collector; in development,
 * plain lines for a person. Callers never put a token, a code, a password or a message's text in a line; the JSON
 * log also drops such fields should an error object carry them.
 */
import { pino, stdSerializers } from 'pino';

/** What a line is about: the request it belongs to (the X-Request-Id it was answered with). */
export interface LogContext {
  requestId?: string | undefined;
}

export interface Log {
  info(message: string, context?: LogContext): void;
  warn(message: string, context?: LogContext): void;
  error(message: string, error?: unknown, context?: LogContext): void;
}

const withId = (message: string, context?: LogContext) => (context?.requestId ? `${message} [request ${context.requestId}]` : message);

export const consoleLog: Log = {
  info: (message, context) => console.log(withId(message, context)),
  warn: (message, context) => console.warn(withId(message, context)),
  error: (message, error, context) => console.error(withId(message, context), error ?? ''),
};

export const silentLog: Log = { info: () => {}, warn: () => {}, error: () => {} };

/** Field names whose values never reach a log, wherever they sit in what an error carries. */
const secretFields = ['token', 'otp', 'password', 'authorization', 'cookie', 'jwt', 'text', 'body'];

/** The log a server's settings ask for: JSON lines in production unless LOG_FORMAT says otherwise. */
export function logFor(config: { NODE_ENV: string; LOG_FORMAT?: 'text' | 'json' | undefined }): Log {
  return (config.LOG_FORMAT ?? (config.NODE_ENV === 'production' ? 'json' : 'text')) === 'json' ? jsonLog() : consoleLog;
}

/** JSON lines on `destination` (standard output by default): `{"level":"error","time":…,"msg":…,"requestId":…,"err":{…}}`. */
export function jsonLog(destination: pino.DestinationStream = pino.destination(1)): Log {
  const logger = pino(
    {
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      serializers: { err: stdSerializers.err },
      redact: {
        paths: [...secretFields, ...secretFields.map((field) => `err.${field}`), ...secretFields.map((field) => `*.${field}`)],
        remove: true,
      },
    },
    destination,
  );
  const fields = (context?: LogContext) => (context?.requestId ? { requestId: context.requestId } : {});
  return {
    info: (message, context) => logger.info(fields(context), message),
    warn: (message, context) => logger.warn(fields(context), message),
    error: (message, error, context) =>
      logger.error(
        { ...fields(context), ...(error instanceof Error ? { err: error } : error !== undefined && { detail: String(error) }) },
        message,
      ),
  };
}
