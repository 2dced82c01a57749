// What the billing desk's dialogs share: today's date as a date input wants it, the list of problems a save found, and
// the submit of a one-step dialog.
import { useState } from 'react';
import { errorMessage } from '../../lib/util/error-message';

export function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

export function Errors({ errors }: { errors: string[] }) {
  if (errors.length === 0) return null;
  return (
    <ul role="alert" className="list-disc rounded-md border border-red-200 bg-red-50 py-2 pl-6 pr-3 text-sm text-red-800">
      {errors.map((e) => (
        <li key={e}>{e}</li>
      ))}
    </ul>
  );
}

/**
 * The submit of a one-step dialog (cancel, mark paid): a problem found before sending is shown and nothing is sent;
 * otherwise the action runs, and a failure keeps the dialog open with the server's pt-BR text.
 */
export function useDialogAction(onDone: () => void) {
  const [errors, setErrors] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  async function act(problem: string | null, action: () => Promise<void>) {
    if (problem) return setErrors([problem]);
    setSaving(true);
    try {
      await action();
      onDone();
    } catch (err) {
      setErrors([errorMessage(err)]);
    } finally {
      setSaving(false);
    }
  }
  return { errors, saving, act };
}
