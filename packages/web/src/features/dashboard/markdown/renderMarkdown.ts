import DOMPurify from 'dompurify';
import { marked } from 'marked';

// Links may only go to web, mail and in-page addresses; `javascript:` and the like are dropped.
const SAFE_URL = /^(?:https?:|mailto:|#|\/(?!\/)|\.{0,2}\/)/i;

let hooked = false;
function installHooks(): void {
  if (hooked) return;
  hooked = true;
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    for (const attribute of ['href', 'src', 'xlink:href']) {
      const value = node.getAttribute(attribute);
      if (value !== null && !SAFE_URL.test(value.trim())) node.removeAttribute(attribute);
    }
    // Links leave the dashboard without handing it the opener.
    if (node.tagName === 'A' && node.getAttribute('target') === '_blank') {
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
}

/**
 * A markdown component's source as safe HTML: marked turns it into HTML (GitHub flavour), DOMPurify
 * keeps only inert markup — no script, style, iframe or form elements, no event handlers, no
 * `javascript:` addresses.
 */
export function renderMarkdown(source: string): string {
  installHooks();
  const html = marked.parse(source, { async: false, gfm: true, breaks: false });
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'iframe', 'form', 'input', 'button', 'textarea', 'select', 'object', 'embed'],
    FORBID_ATTR: ['style'],
  });
}
