/**
 * The create form's choice of undo requests: with it, a player who ended a turn that showed nothing
 * hidden may ask the others to let them take it back (off by default).
 */
export function UndoRequestsField({ checked, onChange }: { checked: boolean; onChange: (on: boolean) => void }) {
  return (
    <label class="check" for="undo-requests">
      <input id="undo-requests" type="checkbox" checked={checked} onChange={(e) => onChange((e.target as HTMLInputElement).checked)} />
      <span>
        Players may ask to take back a finished turn{' '}
        <span class="muted">(the others accept or refuse; only while nobody has moved since)</span>
      </span>
    </label>
  );
}
