/** What axe found, as a failure should show it: one line a rule, with the elements it faults (not pages of JSON). */
import type AxeBuilder from '@axe-core/playwright';

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;

export const violationsOf = ({ violations }: AxeResults): string[] =>
  violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
