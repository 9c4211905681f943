/**
 * A button for something that cannot be undone: the first press asks, the second acts.
 * Escape or "Cancel" steps back; focus moves to the question's confirm button and back.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { t } from '../i18n.js';

export function ConfirmButton({
  label,
  question,
  confirmLabel,
  cancelLabel = t('site.cancel'),
  onConfirm,
  disabled,
  danger,
}: {
  label: string;
  question: string;
  confirmLabel: string;
  cancelLabel?: string;
  onConfirm: () => unknown;
  disabled?: boolean;
  danger?: boolean;
}) {
  const [asking, setAsking] = useState(false);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const openerRef = useRef<HTMLButtonElement>(null);
  const wasAsking = useRef(false);

  useEffect(() => {
    if (asking) confirmRef.current?.focus();
    else if (wasAsking.current) openerRef.current?.focus();
    wasAsking.current = asking;
  }, [asking]);
  useEffect(() => {
    if (disabled) setAsking(false);
  }, [disabled]);

  if (!asking) {
    return (
      <button type="button" ref={openerRef} class={danger ? 'danger' : 'primary'} disabled={disabled} onClick={() => setAsking(true)}>
        {label}
      </button>
    );
  }
  return (
    <div
      class="confirm"
      role="group"
      aria-label={question}
      onKeyDown={(e) => {
        if (e.key === 'Escape') setAsking(false);
      }}
    >
      <p>{question}</p>
      <button
        type="button"
        ref={confirmRef}
        class={danger ? 'danger' : 'primary'}
        disabled={disabled}
        onClick={async () => {
          setAsking(false);
          await onConfirm();
        }}
      >
        {confirmLabel}
      </button>
      <button type="button" onClick={() => setAsking(false)}>
        {cancelLabel}
      </button>
    </div>
  );
}
