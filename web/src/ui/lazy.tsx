/**
 * Parts of the match page that the first draw does not need (chat, sharing, undo, the stand-in, the
 * result, resigning, the rules, the invite form) come in chunks of their own, so the page's script stays
 * small (tests/web/i18n-build.test.ts). A lazy part draws nothing until its chunk is here — then the
 * same as the part itself; once loaded it draws at once wherever it is used again.
 */
import type { ComponentType, FunctionComponent } from 'preact';
import { useEffect, useState } from 'preact/hooks';

export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>): FunctionComponent<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const get = () => {
    loading ??= load().then(
      (part) => (loaded = part),
      (err: unknown) => {
        loading = null; // a failed download is tried again by the next draw
        throw err;
      },
    );
    return loading;
  };
  return function LazyPart(props: P) {
    const [Part, setPart] = useState<ComponentType<P> | null>(() => loaded);
    useEffect(() => {
      if (Part) return;
      let live = true;
      get().then(
        (part) => live && setPart(() => part),
        () => {},
      );
      return () => {
        live = false;
      };
    }, [Part]);
    return Part ? <Part {...props} /> : null;
  };
}
