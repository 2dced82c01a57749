// The four monthly AI packages, shown by the plan picker. Selecting one starts a pending project from that plan (the
// database fills its monthly price from the plan list) and the agency gets in touch; there is no payment in the
// portal, so the payment-provider price ids are placeholders.
import { formatCurrency } from './format';

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

// The names are plain constants, not read from PLAN_NAMES: a bundle that only names plans (a boot script) then drops
// the unused catalogue, which a property read would keep.
const ESSENTIAL = 'Pacote Essencial IA';
const ADVANCED = 'Pacote Avançado IA';
const PREMIUM = 'Pacote Premium IA';
const ENTERPRISE = 'Pacote Corporativo IA';

/** The plans' names by id (apart from the plans, so what only names a plan does not carry the plans' features). */
export const PLAN_NAMES: Readonly<Record<PlanId, string>> = { essential: ESSENTIAL, advanced: ADVANCED, premium: PREMIUM, enterprise: ENTERPRISE };

export const PLANS: readonly Plan[] = [
  {
    id: 'essential',
    name: ESSENTIAL,
    priceText: 'R$ 499',
    priceSuffix: '/mês',
    features: ['Análise de dados simples', '1 modelo de IA básico', 'Relatórios padrão', 'Suporte por e-mail'],
    highlight: false,
    paymentPriceId: 'price_essential_placeholder',
  },
  {
    id: 'advanced',
    name: ADVANCED,
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
    name: PREMIUM,
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
    name: ENTERPRISE,
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

// Marked pure: a bundle that does not use the ids (a boot script) drops them, and with them the plans.
export const PLAN_IDS: readonly PlanId[] = /* @__PURE__ */ PLANS.map((p) => p.id);

export function isPlanId(value: unknown): value is PlanId {
  return typeof value === 'string' && (PLAN_IDS as readonly string[]).includes(value);
}


/** The name a stored plan is shown with ('Pacote Avançado IA'); 'Sem plano' for none or an unknown one. */
export function planName(plan: string | null | undefined): string {
  return typeof plan === 'string' && Object.hasOwn(PLAN_NAMES, plan) ? PLAN_NAMES[plan as PlanId] : 'Sem plano';
}

/** A project's monthly price as the client reads it: 'R$ 1.999,00/mês', or 'A combinar' while the agency has not set it. */
export function planPrice(price: number | string | null | undefined): string {
  const n = price === null || price === undefined || price === '' ? NaN : Number(price);
  return Number.isFinite(n) ? `${formatCurrency(n)}/mês` : 'A combinar';
}

/**
 * The line a project card shows about what was bought: 'Pacote Avançado IA · R$ 999,00/mês', 'Pacote Corporativo IA
 * · A combinar', 'Sem plano' for a project with neither plan nor price.
 */
export function planSummary(plan: string | null | undefined, price: number | string | null | undefined): string {
  const name = planName(plan);
  const priced = planPrice(price);
  return name === 'Sem plano' && priced === 'A combinar' ? name : `${name} · ${priced}`;
}

export const planActionText = (plan: Plan) => plan.actionText ?? DEFAULT_PLAN_ACTION;

export interface ToastText {
  title: string;
  description: string;
}

/**
 * The toast once a chosen plan's project exists: what was created and what happens next (the agency gets in touch;
 * there is no payment step in the portal).
 */
export function planCreatedToast(plan: Pick<Plan, 'id' | 'name'>): ToastText {
  return {
    title: 'Projeto criado!',
    description:
      plan.id === 'enterprise'
        ? `Seu projeto do ${plan.name} foi criado. Entraremos em contato para discutir suas necessidades e o preço.`
        : `Seu projeto do ${plan.name} foi criado. Nossa equipe entrará em contato para combinar os próximos passos.`,
  };
}
