// The search box of the lists: a magnifier in a search field. Its name is `label`: a visually hidden <label> when the
// field has an `id`, its aria-label otherwise.
import Search from 'lucide-react/icons/search';
import { LIMITS } from '../../lib/domain/field-limits';
import { cn } from './cn';
import { Input } from './Input';
import { Label } from './Label';

interface Props {
  value: string;
  onChange: (value: string) => void;
  label: string;
  placeholder: string;
  id?: string;
  /** Classes of the box around the icon and the field (its place in the filters' row). */
  className?: string;
}

export function SearchInput({ value, onChange, label, placeholder, id, className }: Props) {
  return (
    <div className={cn('relative', className)}>
      {id && (
        <Label htmlFor={id} className="sr-only">
          {label}
        </Label>
      )}
      <Search aria-hidden="true" className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400" />
      <Input
        id={id}
        type="search"
        aria-label={id ? undefined : label}
        placeholder={placeholder}
        value={value}
        maxLength={LIMITS.search}
        onChange={(e) => onChange(e.target.value)}
        className="pl-9"
      />
    </div>
  );
}
