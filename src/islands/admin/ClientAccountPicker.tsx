// 'Cliente' of the agency's 'Novo Projeto': a search box over the portal accounts that are not staff (by name or
// e-mail, in the database) and the matches as radio buttons. The chosen client stays listed while other searches run.
import { useEffect, useId, useState } from 'react';
import { listClientAccounts, type ClientAccount } from '../../lib/data/admin-projects';
import { errorMessage } from '../../lib/util/error-message';
import { useDebouncedValue } from '../../components/hooks/useDebouncedValue';
import { Button } from '../../components/ui/Button';
import { SearchInput } from '../../components/ui/SearchInput';
import { Spinner } from '../../components/ui/Spinner';
import { personLabel } from '../../lib/domain/profile-rules';

interface Props {
  value: ClientAccount | null;
  onChange: (client: ClientAccount) => void;
  error: string | null;
  disabled: boolean;
}

type Results = { state: 'loading' } | { state: 'ready'; rows: ClientAccount[] } | { state: 'error'; message: string };

export function ClientAccountPicker({ value, onChange, error, disabled }: Props) {
  const id = useId();
  const [search, setSearch] = useState('');
  const term = useDebouncedValue(search.trim(), 250);
  const [results, setResults] = useState<Results>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    setResults((r) => (r.state === 'ready' ? r : { state: 'loading' }));
    listClientAccounts(term).then(
      (rows) => live && setResults({ state: 'ready', rows }),
      (e: unknown) => live && setResults({ state: 'error', message: errorMessage(e, 'Não foi possível carregar os clientes.') }),
    );
    return () => {
      live = false;
    };
  }, [term, attempt]);

  const rows = results.state === 'ready' ? results.rows : [];
  const options = value && !rows.some((r) => r.id === value.id) ? [value, ...rows] : rows;
  const errorId = `${id}-error`;

  return (
    <fieldset className="flex min-w-0 flex-col gap-2" aria-describedby={error ? errorId : undefined} disabled={disabled}>
      <legend className="mb-1.5 text-sm font-medium text-slate-900">Cliente</legend>
      <SearchInput value={search} onChange={setSearch} label="Buscar cliente por nome ou e-mail" placeholder="Buscar por nome ou e-mail..." />
      {options.length > 0 && (
        <ul className="max-h-48 overflow-y-auto rounded-md border border-slate-200" aria-busy={results.state === 'loading' || undefined}>
          {options.map((c) => (
            <li key={c.id} className="border-b border-slate-100 last:border-b-0">
              <label className="flex cursor-pointer items-start gap-3 px-3 py-2 text-sm hover:bg-slate-50">
                <input
                  type="radio"
                  name={`${id}-client`}
                  className="mt-1 accent-brand-600"
                  checked={value?.id === c.id}
                  onChange={() => onChange(c)}
                  aria-invalid={error ? true : undefined}
                />
                <span className="min-w-0 break-words [overflow-wrap:anywhere]">
                  <span className="block font-medium text-slate-900">{personLabel(c)} </span>
                  {c.full_name?.trim() && <span className="block text-xs text-slate-500">{c.email}</span>}
                </span>
              </label>
            </li>
          ))}
        </ul>
      )}
      {results.state === 'loading' && (
        <p className="flex items-center gap-2 text-sm text-slate-600">
          <Spinner size="sm" label="Carregando clientes..." />
          Carregando clientes...
        </p>
      )}
      {results.state === 'ready' && rows.length === 0 && (
        <p className="text-sm text-slate-600">{term ? 'Nenhum cliente encontrado.' : 'Nenhum cliente com conta no portal.'}</p>
      )}
      {results.state === 'error' && (
        <div className="flex flex-wrap items-center gap-2 text-sm text-red-700">
          <span>{results.message}</span>
          <Button variant="outline" size="sm" onClick={() => setAttempt((n) => n + 1)}>
            Tentar novamente
          </Button>
        </div>
      )}
      {error && (
        <p id={errorId} role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
    </fieldset>
  );
}
