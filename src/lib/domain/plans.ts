// The four monthly AI packages, shown by the plan picker. Selecting one starts a pending project from that plan (the
// database fills its monthly price from the plan list); payment is not implemented, so the payment-provider price ids
// are placeholders.

export type PlanId = 'essential' | 'advanced' | 'premium' | 'enterprise';

export interface Plan {
  id: PlanId;
  name: string;
  /** Price as shown on the card, pt-BR BRL (e.g. 'R$ 1.999'), or 'Personalizado'. */
  priceText: string;
  /** '/mês' for the monthly packages; empty for the custom-priced one. */
  priceSuffix: string;
  features: string[];
  highlight: boolean;
  /** Button text when it is not the default 'Selecionar Plano'. */
  actionText?: string;
  /** Payment-provider price identifier (placeholder until payment exists). */
  paymentPriceId: string;
}

export const DEFAULT_PLAN_ACTION = 'Selecionar Plano';

export const PLANS: readonly Plan[] = [
  {
    id: 'essential',
    name: 'Pacote Essencial IA',
    priceText: 'R$ 499',
    priceSuffix: '/mês',
    features: ['Análise de dados simples', '1 modelo de IA básico', 'Relatórios padrão', 'Suporte por e-mail'],
    highlight: false,
    paymentPriceId: 'price_essential_placeholder',
  },
  {
    id: 'advanced',
    name: 'Pacote Avançado IA',
    priceText: 'R$ 999',
    priceSuffix: '/mês',
    features: [
      'Análise de dados complexa',
      '3 modelos de IA personalizados',
      'Dashboard interativo',
      'Suporte prioritário',
      'Consultoria inicial',
    ],
    highlight: true,
    paymentPriceId: 'price_advanced_placeholder',
  },
  {
    id: 'premium',
    name: 'Pacote Premium IA',
    priceText: 'R$ 1.999',
    priceSuffix: '/mês',
    features: [
      'Solução completa de IA',
      'Modelos ilimitados',
      'Integração de sistemas',
      'Consultoria estratégica contínua',
      'Suporte dedicado 24/7',
    ],
    highlight: false,
    paymentPriceId: 'price_premium_placeholder',
  },
  {
    id: 'enterprise',
    name: 'Pacote Corporativo IA',
    priceText: 'Personalizado',
    priceSuffix: '',
    features: [
      'Soluções de IA sob medida',
      'Escalabilidade ilimitada',
      'Segurança de nível empresarial',
      'Treinamento completo da equipe',
      'SLA garantido',
    ],
    highlight: false,
    actionText: 'Entrar em Contato',
    paymentPriceId: 'price_enterprise_placeholder',
  },
];

export const PLAN_IDS: readonly PlanId[] = PLANS.map((p) => p.id);

export function isPlanId(value: unknown): value is PlanId {
  return typeof value === 'string' && (PLAN_IDS as readonly string[]).includes(value);
}

/** The name a stored plan is shown with ('Pacote Avançado IA'); a project without a plan shows 'Sem plano'. */
export function planName(plan: string | null | undefined): string {
  return PLANS.find((p) => p.id === plan)?.name ?? 'Sem plano';
}

export const planActionText = (plan: Plan) => plan.actionText ?? DEFAULT_PLAN_ACTION;

export interface ToastText {
  title: string;
  description: string;
}

/** The toasts a plan selection shows, in order (the enterprise plan adds 'Plano Corporativo'). */
export function planSelectionToasts(plan: Plan): ToastText[] {
  const toasts: ToastText[] = [
    { title: 'Plano Selecionado!', description: `Você selecionou o ${plan.name}. Próximo passo: Pagamento.` },
  ];
  if (plan.id === 'enterprise') {
    toasts.push({ title: 'Plano Corporativo', description: 'Entraremos em contato para discutir suas necessidades.' });
  }
  return toasts;
}
