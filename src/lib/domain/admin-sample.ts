// Hard-coded sample figures and lists of the admin console's static screens.
// Not real data: every screen that shows them labels them with SAMPLE_BADGE.

/** The label every sample screen shows next to its heading. */
export const SAMPLE_BADGE = 'Dados de exemplo';
export const SAMPLE_NOTE = 'Os números desta tela são fixos, apenas para demonstração: ainda não vêm do banco de dados.';

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
