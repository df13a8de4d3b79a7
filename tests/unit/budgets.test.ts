import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { allBudgets, stated } from '../budgets.ts';

const readme = readFileSync(join(import.meta.dirname, '../../docs/performance.md'), 'utf8');

/** The budget table of docs/performance.md, as rows of trimmed cells. */
function budgetTable(): string[][] {
  const section = readme.slice(readme.indexOf('\n## Budgets'));
  const end = section.indexOf('\n## ', 1);
  return (end < 0 ? section : section.slice(0, end))
    .split('\n')
    .filter((line) => line.startsWith('|') && !/^\|\s*-/.test(line))
    .map((line) =>
      line
        .slice(1, -1)
        .split('|')
        .map((cell) => cell.trim()),
    );
}

describe('the budget table of docs/performance.md', () => {
  const rows = budgetTable();

  it('is found, with a budget column', () => {
    expect(rows[0]).toEqual(['measure', 'figure', 'budget']);
  });

  it.each(allBudgets.flatMap((budget) => budget.rows.map((row) => [row, stated(budget)] as const)))(
    'states the budget `npm test` checks for "%s": %s',
    (start, budget) => {
      const row = rows.find(([measure]) => measure!.startsWith(start));
      expect(row, `No row starting "${start}" in docs/performance.md's budget table.`).toBeDefined();
      expect(row![2]).toMatch(new RegExp(`^${budget.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`));
    },
  );
});
