// An invoice's status as a badge: Aberta, Vencida, Paga, Cancelada.
import { Badge } from '../ui/Badge';
import { INVOICE_STATUS_COLORS, invoiceStatusLabel } from '../../lib/domain/invoice-rules';
import type { InvoiceStatus } from '../../lib/domain/status-codes';

export function InvoiceStatusBadge({ status }: { status: string }) {
  return (
    <Badge data-testid="invoice-status" colors={INVOICE_STATUS_COLORS[status as InvoiceStatus] ?? INVOICE_STATUS_COLORS.cancelled}>
      {invoiceStatusLabel(status)}
    </Badge>
  );
}
