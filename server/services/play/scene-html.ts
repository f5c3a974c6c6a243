import { SCENE_HTML_HEIGHT_MESSAGE } from '../../../core/api/play.ts';

/**
 * The CSP of a scene's html_section document: its inline scripts and styles run, nothing else
 * loads but images, and only our own pages may frame it. The browser shows it in
 * `<iframe sandbox="allow-scripts">` (no same-origin), so those scripts cannot read the session;
 * the `sandbox` directive keeps that true when someone opens the document's URL directly.
 */
export const SCENE_HTML_CSP =
  "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data: https:; frame-ancestors 'self'; sandbox allow-scripts";

// Tells the parent page how tall the content is, so the iframe can fit it without a scroll bar.
const HEIGHT_SCRIPT = `<script>(function(){var t=${JSON.stringify(SCENE_HTML_HEIGHT_MESSAGE)};function s(){parent.postMessage({type:t,height:Math.ceil(document.documentElement.scrollHeight)},'*')}addEventListener('load',s);if(window.ResizeObserver)new ResizeObserver(s).observe(document.documentElement);s()})();</script>`;

/** A scene's html_section as a whole HTML document in the game's colours. */
export function sceneHtmlDocument(html: string): string {
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<style>html,body{margin:0;padding:0;background:transparent;color:#4ade80;font-family:Verdana,sans-serif}img{max-width:100%}</style>',
    '</head><body>',
    html,
    HEIGHT_SCRIPT,
    '</body></html>',
  ].join('\n');
}
