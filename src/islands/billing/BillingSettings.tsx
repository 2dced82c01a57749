// Settings > 'Faturamento': the agency's Pix data as a BR Code carries it ('Chave Pix', 'Nome do recebedor',
// 'Cidade') and the billing day plan invoices fall due. Checked here as the database checks them (the database has
// the last word); a refused save keeps what was typed and shows the reason under its field.
import { useEffect, useState, type FormEvent } from 'react';
import { getPixReceiver, updatePixReceiver } from '../../lib/data/invoices';
import { normalizePixKey, PIX_KEY_KIND_LABEL, PIX_LIMITS, pixKeyKind, validatePixSettings, type PixSettingsErrors, type PixSettingsInput } from '../../lib/domain/pix';
import { toast } from '../../lib/stores/toast';
import { errorMessage } from '../../lib/util/error-message';
import { Button } from '../../components/ui/Button';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/Card';
import { FormField } from '../../components/ui/FormField';
import { Input } from '../../components/ui/Input';

const EMPTY: PixSettingsInput = { pixKey: '', receiverName: '', city: '', billingDay: '10' };

/** Which field a database refusal is about, from its pt-BR message. */
function fieldOf(message: string): keyof PixSettingsInput | null {
  if (message.startsWith('Chave Pix')) return 'pixKey';
  if (message.includes('recebedor')) return 'receiverName';
  if (message.includes('cidade')) return 'city';
  if (message.includes('dia de vencimento')) return 'billingDay';
  return null;
}

export function BillingSettings() {
  const [values, setValues] = useState<PixSettingsInput>(EMPTY);
  const [errors, setErrors] = useState<PixSettingsErrors>({});
  const [loading, setLoading] = useState(true);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let live = true;
    getPixReceiver()
      .then((s) => {
        if (!live) return;
        setValues({ pixKey: s.pix_key ?? '', receiverName: s.pix_receiver_name ?? '', city: s.pix_city ?? '', billingDay: String(s.billing_day) });
        setLoading(false);
      })
      .catch((e) => {
        if (!live) return;
        setLoading(false);
        toast({ title: 'Erro ao carregar o faturamento', description: errorMessage(e), variant: 'destructive' });
      });
    return () => {
      live = false;
    };
  }, []);

  const change = (field: keyof PixSettingsInput, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (loading || saving) return;
    const found = validatePixSettings(values);
    setErrors(found);
    if (Object.keys(found).length) {
      toast({ title: 'Verifique os campos', description: 'Corrija os campos destacados para salvar.', variant: 'destructive' });
      return;
    }
    setSaving(true);
    try {
      const saved = await updatePixReceiver({
        pix_key: normalizePixKey(values.pixKey),
        pix_receiver_name: values.receiverName.trim() || null,
        pix_city: values.city.trim() || null,
        billing_day: Number(values.billingDay),
      });
      setValues({ pixKey: saved.pix_key ?? '', receiverName: saved.pix_receiver_name ?? '', city: saved.pix_city ?? '', billingDay: String(saved.billing_day) });
      toast({ title: 'Dados de faturamento salvos', description: 'As faturas em aberto já mostram o Pix com estes dados.' });
    } catch (e) {
      const message = errorMessage(e, 'Não foi possível salvar os dados de faturamento.');
      const field = fieldOf(message);
      if (field) setErrors({ [field]: message });
      toast({ title: 'Erro ao salvar o faturamento', description: `${message} Seus dados foram mantidos no formulário.`, variant: 'destructive' });
    } finally {
      setSaving(false);
    }
  }

  const kind = pixKeyKind(normalizePixKey(values.pixKey));
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold leading-tight text-slate-900">Faturamento</h2>
        <CardDescription>A chave Pix que as faturas mostram no QR code e no Pix Copia e Cola, e o dia de vencimento das mensalidades.</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={submit} className="grid max-w-xl gap-5" aria-busy={loading || saving}>
          <FormField
            label="Chave Pix"
            id="billing-pix-key"
            error={errors.pixKey}
            hint={kind ? `Tipo: ${PIX_KEY_KIND_LABEL[kind]}.` : 'CPF, CNPJ, e-mail, celular com +55 e DDD, ou chave aleatória.'}
          >
            <Input name="pix_key" value={values.pixKey} readOnly={loading} maxLength={PIX_LIMITS.key} autoComplete="off" onChange={(e) => change('pixKey', e.target.value)} />
          </FormField>
          <FormField label="Nome do recebedor" id="billing-receiver-name" error={errors.receiverName} hint="Até 25 caracteres, como aparece no app do banco de quem paga.">
            <Input name="pix_receiver_name" value={values.receiverName} readOnly={loading} maxLength={PIX_LIMITS.receiverName} onChange={(e) => change('receiverName', e.target.value)} />
          </FormField>
          <FormField label="Cidade" id="billing-city" error={errors.city} hint="Até 15 caracteres.">
            <Input name="pix_city" value={values.city} readOnly={loading} maxLength={PIX_LIMITS.city} onChange={(e) => change('city', e.target.value)} />
          </FormField>
          <FormField label="Dia de vencimento das mensalidades" id="billing-day" error={errors.billingDay} hint="De 1 a 28.">
            <Input name="billing_day" type="number" min={1} max={28} value={values.billingDay} readOnly={loading} onChange={(e) => change('billingDay', e.target.value)} />
          </FormField>
          <div>
            <Button type="submit" disabled={loading || saving}>{saving ? 'Salvando...' : 'Salvar faturamento'}</Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
