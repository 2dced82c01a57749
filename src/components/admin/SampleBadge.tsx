import { SAMPLE_BADGE, SAMPLE_NOTE } from '../../lib/domain/admin-sample';

/** The 'Dados de exemplo' label of the admin screens whose figures are hard-coded. */
export function SampleBadge() {
  return (
    <span
      title={SAMPLE_NOTE}
      className="inline-flex items-center whitespace-nowrap rounded-full border border-amber-300 bg-amber-50 px-2.5 py-0.5 text-xs font-semibold text-amber-900"
    >
      {SAMPLE_BADGE}
    </span>
  );
}
