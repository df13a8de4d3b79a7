import { describe, expect, it } from 'vitest';
import { jsonLog, logFor, consoleLog } from './log.ts';

function captured() {
  const lines: Record<string, unknown>[] = [];
  return { lines, log: jsonLog({ write: (chunk: string) => void lines.push(JSON.parse(chunk) as Record<string, unknown>) }) };
}

describe('the JSON log', () => {
  it('writes one JSON object a line: level, ISO time, the message and the request it belongs to', () => {
    const { lines, log } = captured();
    log.info('Database: PostgreSQL (DATABASE_URL).');
    log.warn('Slow start', { requestId: 'req-12345678' });
    expect(lines[0]).toMatchObject({ level: 'info', msg: 'Database: PostgreSQL (DATABASE_URL).', pid: process.pid });
    expect(Date.parse(lines[0]!['time'] as string)).toBeGreaterThan(0);
    expect(lines[0]).not.toHaveProperty('requestId');
    expect(lines[1]).toMatchObject({ level: 'warn', msg: 'Slow start', requestId: 'req-12345678' });
  });

  it('keeps an error’s type, message and stack, and drops what could be a secret it carries', () => {
    const { lines, log } = captured();
    const error = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED', token: 'eyJsecret', otp: '12345678' });
    log.error('Unexpected error answering POST /api/chat/verify:', error, { requestId: 'abcdefgh' });
    log.error('Input the schemas let through was refused by the database:', 'SQLSTATE 22021');
    const [first, second] = lines as [Record<string, Record<string, unknown>>, Record<string, unknown>];
    expect(first).toMatchObject({
      level: 'error',
      requestId: 'abcdefgh',
      err: { type: 'Error', message: 'connect ECONNREFUSED', code: 'ECONNREFUSED' },
    });
    expect(first['err']!['stack']).toContain('log.test.ts');
    expect(JSON.stringify(first)).not.toMatch(/eyJsecret|12345678/);
    expect(second).toMatchObject({ detail: 'SQLSTATE 22021' });
  });

  it('is the production default, and LOG_FORMAT chooses either way', () => {
    expect(logFor({ NODE_ENV: 'development' })).toBe(consoleLog);
    expect(logFor({ NODE_ENV: 'production', LOG_FORMAT: 'text' })).toBe(consoleLog);
    expect(logFor({ NODE_ENV: 'production' })).not.toBe(consoleLog);
    expect(logFor({ NODE_ENV: 'development', LOG_FORMAT: 'json' })).not.toBe(consoleLog);
  });
});
