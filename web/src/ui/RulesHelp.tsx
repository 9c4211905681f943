/** The rules help of a game in a dialog, loaded when first opened (and again in another language). */
import { useRef, useState } from 'preact/hooks';
import type { GameUi, RulesHelp as Help } from '../games/types.js';
import { t, useLang } from '../i18n.js';

export function RulesButton({ ui, gameName, options }: { ui: GameUi; gameName: string; options?: unknown }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const lang = useLang();
  // The help as loaded, with the language it was loaded in: after a switch the next opening loads it anew.
  const [loaded, setLoaded] = useState<{ help: Help; lang: string } | null>(null);
  const help = loaded?.lang === lang ? loaded.help : null;
  const [failed, setFailed] = useState(false);

  async function open() {
    dialog.current?.showModal();
    if (!help && ui.help) {
      try {
        setLoaded({ help: await ui.help(options), lang });
      } catch {
        setFailed(true);
      }
    }
  }

  return (
    <>
      <button type="button" class="rules-button" onClick={open}>
        {t('match.rules.button')}
      </button>
      <dialog ref={dialog} class="rules" aria-labelledby="rules-h">
        <div class="rules-head">
          <h2 id="rules-h">{help?.title ?? t('match.rules.title', { game: gameName })}</h2>
          <button type="button" onClick={() => dialog.current?.close()}>
            {t('match.rules.close')}
          </button>
        </div>
        {!ui.help && <p>{t('match.rules.none')}</p>}
        {ui.help && !help && <p>{failed ? t('match.rules.failed') : t('site.loading')}</p>}
        {help && (
          <article class="rules-text">
            <p>{help.intro}</p>
            {help.sections.map((s) => (
              <section key={s.heading}>
                <h3>{s.heading}</h3>
                {s.paragraphs.map((p, i) => (
                  <p key={i}>{p}</p>
                ))}
              </section>
            ))}
          </article>
        )}
      </dialog>
    </>
  );
}
