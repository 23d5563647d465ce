import { createHash } from 'node:crypto';

/**
 * A server-rendered page paints before its JavaScript is fetched
 * (docs/decisions/0180-rendered-pages-paint-before-scripts.md). The page needs no script to be
 * read, so its first paint waits for nothing but the HTML: the stylesheet is inlined, and the
 * entry, its module preloads and the data preloads are requested by a small inline script once
 * the first paint has happened and the images of the first screen are shown (at the latest 2.5 s
 * after the HTML; at once in a hidden tab, which paints nothing). Hydration then runs as before (docs/decisions/0177-server-rendered-customer-pages.md).
 */

/** The id of the JSON block that lists what the boot script requests. */
export const BOOT_ID = 'halalnosh-boot';

/**
 * The boot script, inline and constant: the CSP admits it by its hash ('self' alone refuses
 * inline scripts). What it requests comes from the JSON block before it, never from its own text.
 * Module preloads first (the entry's static imports and the page's route chunks), then the data
 * preloads, then the entry: the order in which the page's `<head>` used to list them.
 */
const BOOT_SOURCE = `(() => {
  const boot = JSON.parse(document.getElementById('${BOOT_ID}').textContent);
  let started = false;
  const add = (parent, tag, attrs) => {
    const el = document.createElement(tag);
    for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, value);
    parent.appendChild(el);
  };
  const start = () => {
    if (started) return;
    started = true;
    for (const href of boot.modules) add(document.head, 'link', { rel: 'modulepreload', crossorigin: '', href });
    for (const href of boot.fetches) add(document.head, 'link', { rel: 'preload', as: 'fetch', crossorigin: '', href });
    add(document.body, 'script', { type: 'module', crossorigin: '', src: boot.entry });
  };
  // A tap on one of the page's buttons before it has hydrated is kept, in order, and replayed once
  // it has (src/web/ssr/hydrate.tsx); React would not see it. A quantity stepper
  // ([data-early-stepper]: its <output> and buttons by data-early-step, 0 being its Add) shows the
  // count at once; hydrate.tsx undoes that before replaying (docs/decisions/0237-early-input-kept.md).
  const early = (window.halalnoshEarly = { taps: [], undo: [], done: false });
  const set = (el, key, value) => {
    early.undo.push([el, key, el[key], value]);
    el[key] = value;
  };
  addEventListener(
    'click',
    (event) => {
      const button = event.target.closest && event.target.closest('button');
      const root = document.getElementById('root');
      if (early.done || !button || button.type === 'submit' || !root || !root.contains(button)) return;
      event.stopImmediatePropagation();
      early.taps.push(button);
      const group = button.dataset.earlyStep && button.closest('[data-early-stepper]');
      if (!group) return;
      const output = group.querySelector('output');
      const count = Math.max(0, Number(output.textContent) + Number(button.dataset.earlyStep));
      set(output, 'textContent', String(count));
      for (const b of group.querySelectorAll('[data-early-step]')) set(b, 'disabled', !count && b.dataset.earlyStep !== '1');
    },
    true,
  );
  // Whatever the page waits for, the scripts are requested within 2.5 s, and at once when the
  // person starts to interact (their first tap still finds the page not yet hydrated).
  setTimeout(start, 2500);
  for (const type of ['pointerdown', 'keydown', 'touchstart']) {
    addEventListener(type, start, { once: true, capture: true, passive: true });
  }
  // A hidden tab paints nothing: nothing to wait for.
  if (document.visibilityState === 'hidden') return start();
  // Once a frame has been drawn after the one of interest (its presentation included).
  const afterPaint = (then) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(then)));
  // The first screen's images (the largest paint, often) are shown before the scripts are requested.
  // Which ones are on it, an IntersectionObserver says with the next frame's layout: measuring each
  // image here would lay out the whole page at once, the blocks kept unrendered off screen
  // (content-visibility) included (docs/decisions/0264-landing-pages-hydrate-in-parts.md).
  const afterFirstScreen = () => {
    const images = [...document.images];
    if (!images.length || !window.IntersectionObserver) return afterPaint(start);
    const seen = new IntersectionObserver((entries) => {
      seen.disconnect();
      const shown = entries.filter((e) => e.isIntersecting && e.boundingClientRect.width > 0).map((e) => e.target);
      Promise.all(shown.map((img) => img.decode().catch(() => {}))).then(() => afterPaint(start));
    });
    for (const img of images) seen.observe(img);
  };
  if (((window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || []).includes('paint')) {
    new PerformanceObserver((list, observer) => {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      afterFirstScreen();
    }).observe({ type: 'paint', buffered: true });
  } else {
    afterPaint(afterFirstScreen);
  }
})();`;

/**
 * The boot script as pages carry it: without its comment lines and indentation (a third of its
 * size, sent with every rendered page; it counts in the JavaScript budget, bench/js-budget.mjs).
 * Its lines stay apart, so no statement runs into the next.
 */
export const BOOT_SCRIPT = BOOT_SOURCE.replace(/^\s*\/\/.*\n/gm, '').replace(/^\s+/gm, '');

/** The CSP source that admits the boot script and nothing else inline. */
export const BOOT_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(BOOT_SCRIPT).digest('base64')}'`;

/** A hint a landing page's HTML announces: data (fetched with the entry) or an image (at once). */
export type PageHint = { as: 'fetch' | 'image'; href: string; high?: boolean };

const attr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The `<link>` of a hint in a page's `<head>`. */
export function hintTag(hint: PageHint): string {
  return hint.as === 'fetch'
    ? `    <link rel="preload" as="fetch" crossorigin href="${attr(hint.href)}">`
    : `    <link rel="preload" as="image"${hint.high ? ' fetchpriority="high"' : ''} href="${attr(hint.href)}">`;
}

const ENTRY = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;
const STYLESHEET = /<link rel="stylesheet" crossorigin href="([^"]+)">/g;

/**
 * The HTML shell of a rendered page (index.html with the page's chunks announced, as the build
 * and registerWebApp write it) rearranged to paint first: its entry script and module preloads
 * leave the `<head>` for the boot block at the end of `<body>`, its stylesheets are inlined (when
 * `readStylesheet` has them), image hints stay in the head and data hints go with the scripts.
 * Null when the shell has no module entry in the form Vite writes (it is then served as it is).
 */
export function paintFirstShell(
  shell: string,
  hints: PageHint[],
  readStylesheet: (href: string) => string | null,
): string | null {
  const entry = ENTRY.exec(shell);
  if (!entry || !shell.includes('</body>')) return null;
  const modules = [...shell.matchAll(MODULE_PRELOAD)].map((m) => m[1]);
  const head = shell
    .replace(ENTRY, '')
    .replace(MODULE_PRELOAD, '')
    .replace(STYLESHEET, (link, href: string) => {
      const css = readStylesheet(href);
      return css === null || /<\/style/i.test(css) ? link : `<style>${css}</style>`;
    });
  const images = hints.filter((h) => h.as === 'image').map(hintTag);
  const boot = {
    entry: entry[1],
    modules: [...new Set(modules)],
    fetches: hints.filter((h) => h.as === 'fetch').map((h) => h.href),
  };
  const json = JSON.stringify(boot).replace(/</g, '\\u003c');
  return head
    .replace('</head>', `${images.map((tag) => `${tag}\n`).join('')}  </head>`)
    .replace(
      '</body>',
      `  <script type="application/json" id="${BOOT_ID}">${json}</script>\n    <script>${BOOT_SCRIPT}</script>\n  </body>`,
    );
}
