// Hard-coded sample figures and lists of the admin console's static screens.
// Not real data: every screen that shows them labels them with SAMPLE_BADGE.

/** The label every sample screen shows next to its heading. */
export const SAMPLE_BADGE = 'Dados de exemplo';
export const SAMPLE_NOTE = 'Os números desta tela são fixos, apenas para demonstração: ainda não vêm do banco de dados.';

/** Admin dashboard figures (125 clientes, 34 projetos ativos, R$ 12.500,75, 5 tickets abertos). */
export const ADMIN_DASHBOARD_STATS = {
  totalClients: 125,
  activeProjects: 34,
  monthlyRevenue: 12500.75,
  openTickets: 5,
} as const;

export interface SampleActivity {
  id: string;
  text: string;
  when: string;
}

export const ADMIN_RECENT_ACTIVITY: readonly SampleActivity[] = [
  { id: 'a1', text: 'Novo cliente cadastrado: Padaria Pão Dourado', when: 'há 2 horas' },
  { id: 'a2', text: 'Projeto "Chatbot de Atendimento" passou para Em andamento', when: 'há 5 horas' },
  { id: 'a3', text: 'Ticket de suporte respondido: Dúvida sobre faturamento', when: 'ontem' },
  { id: 'a4', text: 'Pagamento recebido: Pacote Avançado IA (R$ 999/mês)', when: 'há 2 dias' },
  { id: 'a5', text: 'Relatório mensal de uso gerado', when: 'há 3 dias' },
];

export interface QuickLink {
  href: string;
  label: string;
  description: string;
}

/** Quick links of the admin dashboard. /admin/billing has no route on purpose: it shows the 404 page. */
export const ADMIN_QUICK_LINKS: readonly QuickLink[] = [
  { href: '/admin/clients/new', label: 'Adicionar cliente', description: 'Cadastre um novo cliente da agência.' },
  { href: '/admin/clients', label: 'Ver clientes', description: 'Lista de todos os clientes.' },
  { href: '/admin/analytics', label: 'Relatórios', description: 'Analytics e relatórios.' },
  { href: '/admin/billing', label: 'Faturamento', description: 'Cobranças e pagamentos.' },
];

export type SampleProjectStatus = 'Em andamento' | 'Concluído' | 'Pendente';

export interface SampleProject {
  id: string;
  title: string;
  client: string;
  status: SampleProjectStatus;
  progress: number;
  dueDate: string;
}

/** The four sample cards of 'Gestão de Projetos'. */
export const ADMIN_SAMPLE_PROJECTS: readonly SampleProject[] = [
  { id: 'p1', title: 'Chatbot de Atendimento', client: 'Loja Exemplo Ltda.', status: 'Em andamento', progress: 65, dueDate: '15/12/2026' },
  { id: 'p2', title: 'Análise Preditiva de Vendas', client: 'Distribuidora Horizonte', status: 'Em andamento', progress: 30, dueDate: '30/01/2027' },
  { id: 'p3', title: 'Automação de Processos Financeiros', client: 'Contabilidade Silva & Filhos', status: 'Concluído', progress: 100, dueDate: '01/10/2026' },
  { id: 'p4', title: 'Painel de Dados de Marketing', client: 'Agência Criativa Sul', status: 'Pendente', progress: 0, dueDate: '28/02/2027' },
];

export interface SampleFigure {
  label: string;
  value: string;
  note?: string;
}

/** Analytics tabs: hard-coded figures per tab (Visão Geral, Clientes, Projetos, Financeiro). */
export const ADMIN_ANALYTICS = {
  overview: [
    { label: 'Visitantes no mês', value: '8.420', note: '+12% em relação ao mês anterior' },
    { label: 'Taxa de conversão', value: '3,4%', note: '+0,6 p.p.' },
    { label: 'Novos clientes', value: '18', note: 'nos últimos 30 dias' },
    { label: 'Satisfação média', value: '4,8 / 5', note: '62 avaliações' },
  ],
  clients: [
    { label: 'Clientes ativos', value: '87' },
    { label: 'Leads em prospecção', value: '24' },
    { label: 'Clientes perdidos no trimestre', value: '3' },
    { label: 'Origem principal', value: 'Indicação', note: '41% dos novos clientes' },
  ],
  projects: [
    { label: 'Projetos ativos', value: '34' },
    { label: 'Concluídos no ano', value: '52' },
    { label: 'Prazo médio de entrega', value: '46 dias' },
    { label: 'Entregues no prazo', value: '91%' },
  ],
  financial: [
    { label: 'Receita mensal', value: 'R$ 12.500,75' },
    { label: 'Receita anual', value: 'R$ 143.200,00' },
    { label: 'Ticket médio', value: 'R$ 1.150,00' },
    { label: 'Inadimplência', value: '2,1%' },
  ],
} as const satisfies Record<string, readonly SampleFigure[]>;

export interface SamplePerson {
  id: string;
  name: string;
  role: string;
  email: string;
  activeTasks: number;
}

export const ADMIN_SAMPLE_TEAM: readonly SamplePerson[] = [
  { id: 'u1', name: 'Ana Souza', role: 'Gerente de Projetos', email: 'ana.souza@exemplo.com.br', activeTasks: 6 },
  { id: 'u2', name: 'Bruno Lima', role: 'Engenheiro de Machine Learning', email: 'bruno.lima@exemplo.com.br', activeTasks: 4 },
  { id: 'u3', name: 'Carla Mendes', role: 'Cientista de Dados', email: 'carla.mendes@exemplo.com.br', activeTasks: 5 },
  { id: 'u4', name: 'Diego Alves', role: 'Desenvolvedor Full Stack', email: 'diego.alves@exemplo.com.br', activeTasks: 3 },
];

export interface SampleTask {
  id: string;
  title: string;
  assignee: string;
  status: 'Pendente' | 'Em Andamento' | 'Concluída' | 'Bloqueada';
  priority: 'Baixa' | 'Média' | 'Alta' | 'Urgente';
  dueDate: string;
}

export const ADMIN_SAMPLE_TASKS: readonly SampleTask[] = [
  { id: 't1', title: 'Treinar modelo de recomendação', assignee: 'Bruno Lima', status: 'Em Andamento', priority: 'Alta', dueDate: '05/12/2026' },
  { id: 't2', title: 'Reunião de kickoff com cliente', assignee: 'Ana Souza', status: 'Pendente', priority: 'Média', dueDate: '28/11/2026' },
  { id: 't3', title: 'Limpeza da base de vendas', assignee: 'Carla Mendes', status: 'Concluída', priority: 'Média', dueDate: '20/11/2026' },
  { id: 't4', title: 'Integração com a API do ERP', assignee: 'Diego Alves', status: 'Bloqueada', priority: 'Urgente', dueDate: '02/12/2026' },
];

/** Defaults shown in Settings → Geral (not persisted). */
export const ADMIN_SETTINGS_DEFAULTS = {
  appName: 'Portal IA',
  logoUrl: '',
  adminEmail: 'admin@exemplo.com.br',
} as const;
