import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError, errorAnswer } from './errors.ts';

const quiet = () => {};
const body = (answer: { body: string }) => JSON.parse(answer.body) as { error: Record<string, unknown> };

describe('turning errors into answers', () => {
  it('keeps an ApiError’s status, code, message and headers', () => {
    const answer = errorAnswer(new ApiError(429, 'rate_limited', 'Slow down.', { retryAfter: 60 }, { 'Retry-After': '60' }), quiet);
    expect(answer.status).toBe(429);
    expect(answer.headers['Retry-After']).toBe('60');
    expect(body(answer)).toEqual({ error: { code: 'rate_limited', message: 'Slow down.', retryAfter: 60 } });
  });

  it('answers a schema failure with 400 and one issue per field', () => {
    const failure = z.object({ otp: z.string() }).safeParse({ otp: 1 }).error!;
    const answer = errorAnswer(failure, quiet);
    expect(answer.status).toBe(400);
    expect(body(answer).error).toMatchObject({ code: 'invalid_body', issues: [{ path: 'otp' }] });
  });

  it('answers anything unexpected with a bare 500 and logs it, leaking no stack, SQL or message', () => {
    const logged: unknown[] = [];
    const secret = Object.assign(new Error('relation "contacts" does not exist: select * from contacts'), { code: '42P01' });
    const answer = errorAnswer(secret, (_, error) => logged.push(error));
    expect(answer.status).toBe(500);
    expect(answer.body).not.toMatch(/contacts|select|stack|at /);
    expect(body(answer).error.code).toBe('internal');
    expect(logged).toEqual([secret]);
  });

  it('answers a database data exception (input the schemas let through) with 400, not 500', () => {
    const nul = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021' });
    const logged: unknown[] = [];
    const answer = errorAnswer(Object.assign(nul, { detail: 'Key (email)=(ana@example.com)' }), (...line) => logged.push(...line));
    expect(answer.status).toBe(400);
    expect(body(answer).error.code).toBe('invalid_body');
    expect(answer.body).not.toContain('UTF8');
    // Logged by its code alone: what the database says of it names the values (400s never log personal data).
    expect(logged).toEqual(['Input the schemas let through was refused by the database:', 'SQLSTATE 22021']);
  });
});
