import { describe, expect, it } from 'vitest';
import { accessibleArticleHtml } from './markdown.ts';

describe('accessibleArticleHtml', () => {
  it('makes code blocks focusable groups named in the text language', () => {
    expect(accessibleArticleHtml('<pre><code class="language-sh">npm run</code></pre>', 'Code "example" & more')).toBe(
      '<pre tabindex="0" role="group" aria-label="Code &quot;example&quot; &amp; more"><code class="language-sh">npm run</code></pre>',
    );
  });

  it('makes tables focusable and turns an empty corner heading into a plain cell', () => {
    expect(accessibleArticleHtml('<table>\n<thead>\n<tr>\n<th></th>\n<th>Light</th>\n<th style="text-align: left"> </th>', 'x')).toBe(
      '<table tabindex="0">\n<thead>\n<tr>\n<td></td>\n<th>Light</th>\n<td style="text-align: left"></td>',
    );
  });

  it('leaves other elements that start with the same letters alone', () => {
    expect(accessibleArticleHtml('<prefix><thead><tbody>', 'x')).toBe('<prefix><thead><tbody>');
  });
});
