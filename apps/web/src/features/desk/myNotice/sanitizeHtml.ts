/**
 * A second, client-side pass over notice HTML before it is put into the page. The server already sanitizes content
 * on save, but rows written before that rule, or by other tools, must not run script here either. Allow-list as on
 * the server: formatting, links and images stay; scripts, frames, forms, event handlers and unsafe URLs go.
 */

/** Elements removed together with everything inside them. */
const DROPPED = new Set([
  'script',
  'style',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'template',
  'noscript',
  'svg',
  'math',
  'form',
  'input',
  'button',
  'select',
  'textarea',
  'link',
  'meta',
  'base',
  'title',
]);

/** Elements kept; any other element is replaced by its children. */
const KEPT = new Set([
  'a',
  'abbr',
  'b',
  'blockquote',
  'br',
  'caption',
  'code',
  'col',
  'colgroup',
  'div',
  'em',
  'font',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'i',
  'img',
  'li',
  'ol',
  'p',
  'pre',
  's',
  'small',
  'span',
  'strong',
  'sub',
  'sup',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
  'u',
  'ul',
]);

const ATTRIBUTES: Record<string, readonly string[]> = {
  a: ['href', 'title', 'target'],
  img: ['src', 'alt', 'title', 'width', 'height'],
  '*': ['style', 'class', 'align'],
};

const LINK = /^(https?:|mailto:|\/|#|\.)/i;
const IMAGE = /^(https?:|\/|\.|data:image\/(png|jpe?g|gif|webp);base64,)/i;
/** Declarations able to load or run something (url(), old IE expressions, bindings). */
const UNSAFE_STYLE = /url\s*\(|expression\s*\(|javascript:|behavior\s*:|-moz-binding/i;

function allowedAttribute(tag: string, name: string, value: string): boolean {
  const allowed = [...(ATTRIBUTES[tag] ?? []), ...(ATTRIBUTES['*'] ?? [])];
  if (!allowed.includes(name)) {
    return false;
  }
  // Control characters and spaces inside a scheme ("java\tscript:") are ignored by browsers: strip them first.
  const compact = [...value].filter((char) => char.charCodeAt(0) > 0x20).join('');
  if (name === 'href') {
    return LINK.test(compact);
  }
  if (name === 'src') {
    return IMAGE.test(compact);
  }
  if (name === 'style') {
    return !UNSAFE_STYLE.test(value);
  }
  return true;
}

function clean(parent: Node): void {
  for (const child of [...parent.childNodes]) {
    if (child.nodeType === Node.COMMENT_NODE) {
      child.remove();
      continue;
    }
    if (child.nodeType !== Node.ELEMENT_NODE) {
      continue;
    }
    const element = child as Element;
    const tag = element.tagName.toLowerCase();
    if (DROPPED.has(tag)) {
      element.remove();
      continue;
    }
    clean(element);
    if (!KEPT.has(tag)) {
      element.replaceWith(...element.childNodes);
      continue;
    }
    for (const attribute of [...element.attributes]) {
      if (!allowedAttribute(tag, attribute.name.toLowerCase(), attribute.value)) {
        element.removeAttribute(attribute.name);
      }
    }
    if (tag === 'a') {
      // A link opening a new tab must not hand the notice page to it.
      element.setAttribute('rel', 'noopener noreferrer');
    }
  }
}

/** Safe HTML of a notice, to be set as innerHTML. */
export function sanitizeHtml(html: string): string {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  clean(doc.body);
  return doc.body.innerHTML;
}
