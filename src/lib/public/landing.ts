// Static content of the landing page.
// Kept apart from the markup so the texts are easy to review and the data easy to test.
import { DEFAULT_CONTACT_EMAIL } from '../domain/settings-rules';

export interface Stat {
  value: string;
  label: string;
}

/** Landing statistics: +500, 98%, +1000. */
export const STATS: readonly Stat[] = [
  { value: '+500', label: 'clientes satisfeitos' },
  { value: '98%', label: 'satisfação' },
  { value: '+1000', label: 'projetos entregues' },
];

export type ServiceIcon = 'workflow' | 'trending' | 'bot' | 'chart' | 'code' | 'lightbulb';

export interface Service {
  title: string;
  description: string;
  icon: ServiceIcon;
}

export const SERVICES: readonly Service[] = [
  {
    title: 'Automação de Processos',
    description: 'Agentes de IA que executam tarefas repetitivas, integram sistemas e liberam sua equipe para o que gera valor.',
    icon: 'workflow',
  },
  {
    title: 'Análise Preditiva',
    description: 'Modelos que antecipam demanda, churn e riscos a partir do histórico do seu negócio.',
    icon: 'trending',
  },
  {
    title: 'Chatbots Inteligentes',
    description: 'Atendimento 24 horas por dia, em português natural, integrado aos seus canais e sistemas.',
    icon: 'bot',
  },
  {
    title: 'Análise de Dados',
    description: 'Painéis e relatórios que transformam dados dispersos em decisões claras e mensuráveis.',
    icon: 'chart',
  },
  {
    title: 'Desenvolvimento Personalizado',
    description: 'Soluções de IA sob medida, do protótipo à produção, construídas para o seu fluxo de trabalho.',
    icon: 'code',
  },
  {
    title: 'Consultoria em IA',
    description: 'Diagnóstico, estratégia e roadmap para adotar inteligência artificial com segurança e retorno.',
    icon: 'lightbulb',
  },
];

export interface Reason {
  title: string;
  description: string;
}

export const REASONS: readonly Reason[] = [
  {
    title: 'Especialistas em IA aplicada',
    description: 'Cientistas de dados e engenheiros com experiência em projetos reais no mercado brasileiro.',
  },
  {
    title: 'Pacotes mensais sem surpresas',
    description: 'Agentes de IA por setor da empresa, com escopo e preço claros desde o primeiro mês.',
  },
  {
    title: 'Resultados mensuráveis',
    description: 'Cada projeto começa com metas objetivas e acompanha os indicadores que importam para você.',
  },
  {
    title: 'Segurança e LGPD',
    description: 'Dados protegidos, acesso controlado e conformidade com a Lei Geral de Proteção de Dados.',
  },
  {
    title: 'Suporte próximo',
    description: 'Um time dedicado acompanha sua operação e evolui as soluções junto com o seu negócio.',
  },
];

export interface Testimonial {
  name: string;
  position: string;
  content: string;
  /** 1 to 5 stars. */
  rating: number;
  initials: string;
}

export const TESTIMONIALS: readonly Testimonial[] = [
  {
    name: 'Mariana Costa',
    position: 'Diretora de Operações, Varejo Sul',
    content:
      'A automação do nosso controle de estoque reduziu pela metade o tempo gasto com tarefas manuais. A equipe entendeu o nosso negócio desde a primeira reunião.',
    rating: 5,
    initials: 'MC',
  },
  {
    name: 'Ricardo Almeida',
    position: 'CEO, LogiTrans Transportes',
    content:
      'Com a análise preditiva passamos a antecipar a demanda e a planejar as rotas com muito mais precisão. O retorno apareceu já no segundo mês.',
    rating: 5,
    initials: 'RA',
  },
  {
    name: 'Fernanda Lima',
    position: 'Gerente de Atendimento, Clínica Vida',
    content:
      'O chatbot atende nossos pacientes a qualquer hora e libera a recepção para os casos que realmente precisam de atenção humana.',
    rating: 4,
    initials: 'FL',
  },
];

/** Contact details shown in the closing call to action and in the footer. */
export const CONTACT = {
  /** The default; the page shows the contact e-mail from the settings (see agency-identity.ts). */
  email: DEFAULT_CONTACT_EMAIL,
  phone: '+55 (11) 4002-8922',
  phoneHref: 'tel:+551140028922',
  address: ['Av. Paulista, 1000 – 10º andar', 'Bela Vista, São Paulo – SP', 'CEP 01310-100'],
} as const;

/** The mailto link of the closing call to action. */
export const CONTACT_MAILTO = `mailto:${CONTACT.email}?subject=${encodeURIComponent('Quero saber mais sobre os pacotes de IA')}`;

export interface SocialLink {
  label: string;
  href: string;
  icon: 'linkedin' | 'instagram' | 'youtube' | 'x';
}

export const SOCIAL_LINKS: readonly SocialLink[] = [
  { label: 'LinkedIn', href: 'https://www.linkedin.com/company/portal-ia', icon: 'linkedin' },
  { label: 'Instagram', href: 'https://www.instagram.com/portal.ia', icon: 'instagram' },
  { label: 'YouTube', href: 'https://www.youtube.com/@portal-ia', icon: 'youtube' },
  { label: 'X (Twitter)', href: 'https://x.com/portal_ia', icon: 'x' },
];
