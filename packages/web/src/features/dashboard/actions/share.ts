/** A chart's address in explore. */
export function chartExploreUrl(chartId: number, origin: string): string {
  return `${origin}/explore/?slice_id=${chartId}`;
}

/** A mailto: link carrying the subject and a body with the link. */
export function shareByEmailHref(subject: string, body: string): string {
  return `mailto:?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}

/** `standalone=1` on, or off: the page hides the navigation in fullscreen. */
export function toggledFullscreenSearch(search: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(search);
  if (next.has('standalone')) next.delete('standalone');
  else next.set('standalone', '1');
  return next;
}
