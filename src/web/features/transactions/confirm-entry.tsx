import { Fragment } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';

/**
 * Asks before saving an entry with a concern (decision 112), naming each. The focus is on "Save anyway",
 * so Enter saves; Escape (or Go back) returns to the form and saves nothing.
 */
export function ConfirmEntry({
  concerns,
  busy,
  onConfirm,
  onCancel,
}: {
  concerns: string[] | null;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <ConfirmDialog
      opened={concerns !== null}
      title="Save this entry?"
      confirmLabel="Save anyway"
      cancelLabel="Go back"
      busy={busy}
      onConfirm={onConfirm}
      onCancel={onCancel}
      message={
        <span data-testid="entry-concerns">
          {(concerns ?? []).map((c) => (
            <Fragment key={c}>
              {c}
              <br />
            </Fragment>
          ))}
          <br />
          Enter saves it as it is; Escape goes back to the form.
        </span>
      }
    />
  );
}
