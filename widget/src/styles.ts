/**
 * The widget's CSS, scoped by its Shadow DOM. Pixel units only (rem would follow the host page's root
 * font size); `all: initial` on :host and the wrapper stops the host's inherited styles at the border.
 * The accent colour is never used for text (any colour may be configured, so its contrast is
 * unknown): it marks the frame, the placeholders, underlines and the focus ring.
 */
export const CSS =
  ":host{all:initial!important;display:block!important;contain:content}" +
  '.rw{all:initial;display:block;box-sizing:border-box;max-width:100%;padding:14px;border-radius:12px;border:1px solid var(--line);border-top:4px solid var(--accent);background:var(--bg);color:var(--fg);font:400 15px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;text-align:left;overflow-wrap:anywhere;--accent:#1d4ed8;--bg:#fff;--fg:#111827;--muted:#4b5563;--line:#d9dee8;--hover:#f1f3f8}' +
  ".rw.dark{--bg:#111827;--fg:#f3f4f6;--muted:#cbd5e1;--line:#334155;--hover:#1f2937}" +
  ".rw *{box-sizing:border-box}" +
  ".head{margin:0 0 10px;font-size:17px;font-weight:700;line-height:1.3;color:var(--fg)}" +
  ".list{list-style:none;margin:0;padding:0;display:grid;gap:4px}" +
  ".list a{display:flex;gap:12px;align-items:flex-start;padding:8px;margin:0 -8px;border-radius:8px;color:inherit;text-decoration:none}" +
  ".list a:hover{background:var(--hover)}" +
  "a:focus-visible{outline:3px solid var(--accent);outline-offset:2px}" +
  ".logo{flex:none;width:40px;height:40px;border-radius:8px;object-fit:contain;background:#fff;border:1px solid var(--line)}" +
  ".ph{display:grid;place-items:center;background:var(--hover);border:2px solid var(--accent);color:var(--fg);font-weight:700;font-size:17px}" +
  ".body{min-width:0;display:grid;gap:2px}" +
  ".title{font-weight:650;color:var(--fg);overflow-wrap:anywhere;text-decoration:underline 2px transparent;text-underline-offset:3px}" +
  ".list a:hover .title{text-decoration-color:var(--accent)}" +
  ".meta{display:flex;flex-wrap:wrap;column-gap:10px;row-gap:0;font-size:13px;color:var(--muted)}" +
  ".co{font-weight:600;color:var(--fg)}" +
  ".note{margin:4px 0 8px;color:var(--muted);font-size:14px}" +
  ".all{display:inline-block;margin-top:10px;font-weight:600;font-size:14px;color:var(--fg);text-decoration:underline 2px var(--accent);text-underline-offset:3px}" +
  ".sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}";
