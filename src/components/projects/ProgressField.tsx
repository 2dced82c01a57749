// The 'Progresso (%)' number field of the project forms (edit and the agency's 'Novo Projeto'): a whole number the
// browser cannot leave half-typed (anything that is not a number becomes 0), the rules of the form in its hint.
import { progressFromInput } from '../../lib/domain/project-rules';
import { FormField } from '../ui/FormField';
import { Input } from '../ui/Input';

interface Props {
  value: number | null;
  hint: string;
  disabled: boolean;
  onChange: (progress: number | null) => void;
  name?: string;
}

export function ProgressField({ value, hint, disabled, onChange, name }: Props) {
  return (
    <FormField label="Progresso (%)" hint={hint}>
      <Input
        type="number"
        inputMode="numeric"
        name={name}
        min={0}
        max={100}
        step={1}
        value={value ?? ''}
        disabled={disabled}
        onChange={(e) => onChange(e.target.validity.badInput ? 0 : progressFromInput(e.target.value))}
      />
    </FormField>
  );
}
