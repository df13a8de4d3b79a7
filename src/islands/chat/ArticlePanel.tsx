/**
 * A help-centre article inside the chat widget: the text of its static page (fetched from this same site, so the
 * HTML is the help centre's own, built from its Markdown), with the page's "Was this article helpful?", which the
 * shell script already on the page sends to the same feedback counts (client/helpful.ts), and a link to the page.
 */
import { useEffect, useState, type Ref } from 'react';
import type { Lang } from '../../lib/i18n/languages.ts';
import type { Translate } from '../../lib/i18n/translate.ts';

interface Props {
  t: Translate;
  lang: Lang;
  url: string;
  title: string;
  headingRef: Ref<HTMLHeadingElement>;
  onBack: () => void;
}

/** The article's text and its feedback form, out of its page: no title (the panel has it), table of contents or search data. */
function articleHtml(page: string, address: URL): string {
  const doc = new DOMParser().parseFromString(page, 'text/html');
  const prose = doc.querySelector('article.prose');
  if (!prose) throw new Error('No article on the page');
  for (const part of prose.querySelectorAll('h1, [hidden], details, script, iframe, object, embed')) part.remove();
  for (const element of prose.querySelectorAll('*'))
    for (const { name } of [...element.attributes]) if (name.startsWith('on')) element.removeAttribute(name);
  // Addresses relative to the article's page, not the panel's; links leave the frame for a tab of their own.
  for (const image of prose.querySelectorAll('img[src]')) image.setAttribute('src', new URL(image.getAttribute('src')!, address).href);
  for (const link of prose.querySelectorAll('a[href]')) {
    if (link.getAttribute('href')!.startsWith('#')) continue;
    link.setAttribute('href', new URL(link.getAttribute('href')!, address).href);
    link.setAttribute('target', '_blank');
  }
  return prose.outerHTML + (doc.querySelector('[data-helpful]')?.outerHTML ?? '');
}

export default function ArticlePanel({ t, lang, url, title, headingRef, onBack }: Props) {
  // undefined while it loads, null when it could not.
  const [html, setHtml] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    let current = true;
    setHtml(undefined);
    const address = new URL(url, location.href);
    // Only this site's own article pages: their HTML is the help centre's, built from its Markdown.
    const own = address.origin === location.origin && /^\/[\w-]+\/categories\/[\w-]+\/articles\/[\w-]+$/.test(address.pathname);
    (own ? fetch(address) : Promise.reject(new Error('Not an article of this site')))
      .then((answer) => (answer.ok ? answer.text() : Promise.reject(new Error(`${answer.status}`))))
      .then((page) => articleHtml(page, address))
      .then(
        (text) => current && setHtml(text),
        () => current && setHtml(null),
      );
    return () => {
      current = false;
    };
  }, [url]);

  return (
    <div className="widget-article" lang={lang}>
      <button type="button" className="link-button widget-back" onClick={onBack}>
        {t('widget.back')}
      </button>
      <h1 ref={headingRef} tabIndex={-1}>
        {title}
      </h1>
      {html === null && (
        <p className="notice notice-error" role="alert">
          {t('widget.articleFailed')}
        </p>
      )}
      {html && <div dangerouslySetInnerHTML={{ __html: html }} />}
      <p>
        <a href={url} target="_blank" rel="noopener">
          {t('widget.openOnSite')}
        </a>
      </p>
    </div>
  );
}
