/**
 * A link to hand on: a copy button, the system share sheet where the browser has one, and the
 * link itself in a read-only field. A secret link (one's own seat) stays hidden until asked for.
 */
import { useRef, useState } from 'preact/hooks';
import { t } from '../i18n.js';

export function CopyLink({
  id,
  label,
  url,
  shareText,
  concealed,
}: {
  id: string;
  label: string;
  url: string;
  shareText?: string;
  concealed?: boolean;
}) {
  const [status, setStatus] = useState('');
  const [shown, setShown] = useState(!concealed);
  const input = useRef<HTMLInputElement>(null);
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      setStatus(t('match.link.copied'));
    } catch {
      setShown(true);
      setTimeout(() => input.current?.select(), 0);
      setStatus(t('match.link.blocked'));
    }
  }

  async function share() {
    try {
      await navigator.share({ title: t('site.name'), text: shareText ?? label, url });
      setStatus(t('match.link.shared'));
    } catch {
      /* the player closed the share sheet */
    }
  }

  return (
    <div class="copy-link">
      <span class="copy-label" id={`${id}-label`}>
        {label}
      </span>
      {shown && (
        <input
          id={id}
          ref={input}
          class="link-field"
          type="text"
          readOnly
          value={url}
          translate={false}
          aria-labelledby={`${id}-label`}
          onFocus={(e) => (e.currentTarget as HTMLInputElement).select()}
        />
      )}
      <div class="buttons">
        <button type="button" onClick={copy} aria-describedby={`${id}-label`}>
          {t('match.link.copy')}
        </button>
        {canShare && (
          <button type="button" onClick={share} aria-describedby={`${id}-label`}>
            {t('match.link.share')}
          </button>
        )}
        {!shown && (
          <button type="button" onClick={() => setShown(true)} aria-describedby={`${id}-label`}>
            {t('match.link.show')}
          </button>
        )}
      </div>
      <span class="status-line" role="status">
        {status}
      </span>
    </div>
  );
}
