import { useEffect, useState } from 'react';

type Renderer = (source: string) => string;

// marked and DOMPurify load with the first markdown component, not with the page.
let loading: Promise<Renderer> | null = null;
function loadRenderer(): Promise<Renderer> {
  loading ??= import('./renderMarkdown.ts').then((module) => module.renderMarkdown);
  return loading;
}

/** The markdown source as sanitised HTML; null until the renderer has loaded. */
export function useRenderedMarkdown(source: string): string | null {
  const [html, setHtml] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    void loadRenderer().then((render) => {
      if (current) setHtml(render(source));
    });
    return () => {
      current = false;
    };
  }, [source]);
  return html;
}
