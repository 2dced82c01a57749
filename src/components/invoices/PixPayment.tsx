// 'Pagar com Pix': the invoice's static BR Code as a QR code and as 'Pix Copia e Cola' with a copy button. Without the
// agency's Pix data it says so instead.
import { useEffect, useState } from 'react';
import QRCode from 'qrcode';
import Check from 'lucide-react/icons/check';
import Copy from 'lucide-react/icons/copy';
import { Button } from '../ui/Button';
import { buildBrCode } from '../../lib/domain/brcode';
import { formatCents } from '../../lib/domain/invoice-rules';

interface Props {
  pixKey: string | null;
  receiverName: string | null;
  city: string | null;
  amountCents: number;
  txid: string;
}

export default function PixPayment({ pixKey, receiverName, city, amountCents, txid }: Props) {
  const code = pixKey && receiverName && city ? safeBrCode({ pixKey, receiverName, city, amountCents, txid }) : null;
  const [qr, setQr] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!code) return;
    let live = true;
    QRCode.toDataURL(code, { errorCorrectionLevel: 'M', margin: 1, width: 240 })
      .then((url: string) => live && setQr(url))
      .catch(() => live && setQr(null));
    return () => {
      live = false;
    };
  }, [code]);

  if (!code) {
    return (
      <p className="rounded-md border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900" data-testid="pix-unavailable">
        A agência ainda não cadastrou a chave Pix. Fale com a equipe para combinar o pagamento.
      </p>
    );
  }

  async function copy() {
    try {
      await navigator.clipboard.writeText(code!);
      setCopied(true);
      setTimeout(() => setCopied(false), 3000);
    } catch {
      // Clipboard refused (no permission): the code stays selectable in the field.
      const field = document.getElementById('pix-copia-e-cola') as HTMLTextAreaElement | null;
      field?.select();
    }
  }

  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-start" data-testid="pix-payment">
      <div className="mx-auto flex h-60 w-60 shrink-0 items-center justify-center rounded-md border border-slate-200 bg-white sm:mx-0">
        {qr ? <img src={qr} alt={`QR code Pix de ${formatCents(amountCents)}`} width={240} height={240} data-testid="pix-qr" /> : null}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <label htmlFor="pix-copia-e-cola" className="text-sm font-semibold text-slate-900">
          Pix Copia e Cola
        </label>
        <textarea
          id="pix-copia-e-cola"
          readOnly
          rows={4}
          value={code}
          onFocus={(e) => e.currentTarget.select()}
          className="w-full resize-none break-all rounded-md border border-slate-300 bg-slate-50 p-2 font-mono text-xs text-slate-800"
        />
        <Button type="button" onClick={copy} className="self-start print:hidden" data-testid="pix-copy">
          {copied ? <Check className="mr-2 h-4 w-4" aria-hidden="true" /> : <Copy className="mr-2 h-4 w-4" aria-hidden="true" />}
          {copied ? 'Código copiado!' : 'Copiar código'}
        </Button>
        <p className="text-xs text-slate-500">
          Abra o app do seu banco, escolha pagar com Pix (QR code ou Copia e Cola) e confira o valor de {formatCents(amountCents)}.
          A fatura é marcada como paga assim que o banco confirma o pagamento.
        </p>
      </div>
    </div>
  );
}

function safeBrCode(input: Parameters<typeof buildBrCode>[0]): string | null {
  try {
    return buildBrCode(input);
  } catch {
    return null;
  }
}
