import { SAMPLE_BADGE, SAMPLE_NOTE } from '../../lib/domain/admin-sample';
import { Badge } from '../ui/Badge';

/** The 'Dados de exemplo' label of the admin screens whose figures are hard-coded. */
export function SampleBadge() {
  return (
    <Badge title={SAMPLE_NOTE} colors="border-amber-300 bg-amber-50 text-amber-900">
      {SAMPLE_BADGE}
    </Badge>
  );
}
