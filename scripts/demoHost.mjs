/**
 * Development's stand-in for an organisation's own website: one page on a second origin (127.0.0.1, another site
 * than localhost) with Foyer's snippet on it, so a newcomer sees the widget working on "someone else's"
 * site. `npm start` starts it and lists its origin in FRAME_ANCESTORS. `?lang=de` picks the widget's language,
 * `?chatBox=cb_…` one conversation, `?theme=dark` the widget's theme, `?embed=off` the same page without the snippet (the benchmark compares the two),
 * `?wide=1` a banner wider than a phone (some real sites overflow sideways: the launcher must stay on screen);
 * an invitation link's cs_ parameters on this page are handed to the widget.
 */
import { createServer } from 'node:http';

const escape = (text) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(foyerUrl, params) {
  const lang = /^[a-zA-Z-]{2,7}$/.test(params.get('lang') ?? '') ? params.get('lang') : 'en';
  const chatBox = /^cb_[A-Za-z0-9_-]{1,64}$/.test(params.get('chatBox') ?? '') ? params.get('chatBox') : '';
  const theme = /^[a-z0-9]{1,10}$/.test(params.get('theme') ?? '') ? params.get('theme') : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Example Shop (a demo host page for Foyer's chat box)</title>
<style>body{font:16px/1.5 Georgia,serif;max-width:40rem;margin:2rem auto;padding:0 1rem;color:#222}button{font:inherit}pre{white-space:pre-wrap;overflow-wrap:anywhere}.wide{inline-size:1200px;padding:.5rem;background:#eee}</style>
</head><body><main aria-label="Example Shop">
<h1>Example Shop</h1>${params.get('wide') ? '\n<p class="wide">A banner wider than a phone\'s screen.</p>' : ''}
<p>This page stands for an organisation's own website, on another origin than Foyer. Its only Foyer code is the
script tag below; the chat button in the corner loads nothing more until it is pressed.</p>
<pre>&lt;script src="${escape(foyerUrl)}/embed.js" data-lang="${escape(lang)}" async&gt;&lt;/script&gt;</pre>
<p><a href="#more">A link on the host page</a></p>
</main>
${
  params.get('embed') === 'off'
    ? ''
    : `<script src="${escape(foyerUrl)}/embed.js" data-lang="${escape(lang)}"${chatBox ? ` data-chat-box="${escape(chatBox)}"` : ''}${theme ? ` data-theme="${escape(theme)}"` : ''} async></script>`
}
</body></html>
`;
}

/** Serves the page on 127.0.0.1:{port}; resolves to its origin and stop(). */
export async function startDemoHost({ port = 4322, foyerUrl }) {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname !== '/') return void res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' }).end(page(foyerUrl, url.searchParams));
  });
  await new Promise((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${server.address().port}`,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
