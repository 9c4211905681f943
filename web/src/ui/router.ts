/** A tiny client-side router: the site is one page served for every path. */
import { useEffect, useState } from 'preact/hooks';

export function navigate(path: string): void {
  history.pushState(null, '', path);
  dispatchEvent(new PopStateEvent('popstate'));
  window.scrollTo(0, 0);
}

export function usePath(): string {
  const [path, setPath] = useState(location.pathname);
  useEffect(() => {
    const update = () => setPath(location.pathname);
    addEventListener('popstate', update);
    return () => removeEventListener('popstate', update);
  }, []);
  return path;
}

/** Follows an in-site link without reloading the page (plain left clicks only). */
export function onLinkClick(e: MouseEvent, before?: () => void): void {
  if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
  const a = e.currentTarget as HTMLAnchorElement;
  e.preventDefault();
  before?.();
  navigate(a.pathname);
}
