import sanitizeHtml from 'sanitize-html';

/** Rich text keeps formatting, links and images, and loses scripts, event handlers and other active content. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'span', 'u', 's', 'font'],
    allowedAttributes: {
      a: ['href', 'title', 'target', 'rel'],
      img: ['src', 'alt', 'title', 'width', 'height'],
      '*': ['style', 'class', 'align'],
    },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: { img: ['http', 'https', 'data'] },
    allowedStyles: {
      '*': {
        color: [/^[#a-z0-9(),.\s%]+$/i],
        'background-color': [/^[#a-z0-9(),.\s%]+$/i],
        'text-align': [/^(left|right|center|justify)$/],
        'font-size': [/^\d{1,3}(px|em|%)$/],
      },
    },
    transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
  });
}
